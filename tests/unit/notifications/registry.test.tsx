import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Channel } from "@/lib/db/types";
import { CHANNEL_TYPES, CHANNELS, channelOf, type ChannelType } from "@/lib/notifications/channels";
import { DeadLetter } from "@/lib/notifications/schema";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { openApiDocument } from "@/lib/openapi/document";
import { availableChannels } from "@/lib/subscriptions/channels-available";
import { BulkSubscriptionEntry, SubscriptionType } from "@/lib/subscriptions/schema";
import { fieldsWithAPlace, messageAtTop, SubscribeForm } from "@/components/subscribe/subscribe-form";
import { ClientMessages } from "@/components/i18n/client-messages";
import { pickMessages } from "@/lib/i18n";

const names = CHANNELS.map((c) => c.type);
const ROOT = join(__dirname, "../../..");

describe("the channel registry is the one list of channels", () => {
  it("names are unique and CHANNEL_TYPES is the registry's order", () => {
    expect(new Set(names).size).toBe(names.length);
    expect(CHANNEL_TYPES).toEqual(names);
  });

  it("the database type, the zod enums and the API docs are the registry's names", () => {
    expectTypeOf<Channel>().toEqualTypeOf<ChannelType>();
    expect(SubscriptionType.options).toEqual(names);
    expect(BulkSubscriptionEntry.shape.type.options).toEqual(names);
    expect(DeadLetter.shape.type.options).toEqual(names);
    const doc = openApiDocument() as { components: { schemas: Record<string, { enum?: string[] }> } };
    expect(doc.components.schemas.SubscriptionType.enum).toEqual(names);
  });

  it("the sign-up form offers registry channels, in registry order, with the module's texts", () => {
    const offered = availableChannels();
    expect(offered.map((o) => o.type)).toEqual(CHANNELS.filter((c) => c.available()).map((c) => c.type));
    for (const o of offered) expect(o).toMatchObject({ ...channelOf(o.type).form, contactEmail: channelOf(o.type).contact === "optional" });
    // Every channel, as if all were configured: the form's radios are exactly the registry's names.
    const all = CHANNELS.map((c) => ({ type: c.type, ...c.form, invalid: "", contactEmail: c.contact === "optional" }));
    const html = renderToStaticMarkup(
      <ClientMessages locale="en" messages={pickMessages("en", ["subscribe"])}>
        <SubscribeForm action={async (s) => s} channels={all} services={[]} base="/acme" />
      </ClientMessages>,
    );
    const radios = DomUtils.findAll((e) => e.name === "input" && DomUtils.getAttributeValue(e, "name") === "type", parseDocument(html).children);
    expect(radios.map((r) => DomUtils.getAttributeValue(r, "value"))).toEqual(names);
  });

  it("the worker finds every channel's module, and each renders every event kind it sends", async () => {
    const base: EventPayload = { kind: "incident.update", page: { id: "p", name: "Acme", address: "https://status.acme.test" }, title: "T", status: "INVESTIGATING", body: "b", at: 0, services: [] };
    const kinds: EventPayload[] = [
      base,
      { ...base, status: "RESOLVED" },
      ...(["maintenance.start", "maintenance.end", "maintenance.reminder"] as const).map((kind) => ({ ...base, kind, status: "SCHEDULED", maintenance: { id: 1, startsAt: 0, endsAt: 1, minutesBefore: 60 } })),
      { ...base, kind: "component.update", status: "PARTIAL_OUTAGE", component: { id: "c", name: "Payouts", createdAt: 0, oldStatus: "OPERATIONAL", newStatus: "PARTIAL_OUTAGE", updateId: "u", pageStatus: "PARTIAL_OUTAGE", pageIndicator: "major" } },
    ];
    // every kind of event has a channel that sends it
    for (const p of kinds) expect(CHANNELS.some((c) => c.events.includes(p.kind as never))).toBe(true);
    for (const type of names) {
      const c = channelOf(type);
      expect(c.type).toBe(type);
      expect(["link", "code", "test-delivery"]).toContain(c.verification);
      for (const p of kinds.filter((k) => c.events.includes(k.kind as never))) expect(await c.render(p)).toBeTruthy();
    }
  });

  it("no channel name is written out anywhere but in its own module", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const rel = join(dir, e.name);
        if (e.isDirectory()) walk(rel);
        else if (/\.tsx?$/.test(e.name)) files.push(rel);
      }
    };
    for (const d of ["lib", "app", "components"]) walk(d);
    const offenders = files
      .filter((f) => !f.startsWith(join("lib", "notifications", "channels")))
      .flatMap((f) => names.filter((n) => new RegExp(`["'\`]${n}["'\`]`).test(readFileSync(join(ROOT, f), "utf8"))).map((n) => `${f}: ${n}`));
    expect(offenders).toEqual([]);
  });
});

describe("a refused subscription is always said somewhere", () => {
  it("next to a shown field, or at the top when the form has no place for any field it names", () => {
    const emailOnly = fieldsWithAPlace([{ contactEmail: false }], 1);
    expect(messageAtTop(["address"], emailOnly)).toBe(false);
    expect(messageAtTop([], emailOnly)).toBe(true);
    expect(messageAtTop(["website"], emailOnly)).toBe(true);
    expect(messageAtTop(["services"], emailOnly)).toBe(true);
    expect(messageAtTop(["contactEmail"], emailOnly)).toBe(true);
    const full = fieldsWithAPlace([{ contactEmail: false }, { contactEmail: true }], 3);
    expect(messageAtTop(["services"], full)).toBe(false);
    expect(messageAtTop(["contactEmail", "website"], full)).toBe(false);
  });
});
