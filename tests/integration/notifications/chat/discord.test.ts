import assert from "node:assert/strict";
import { expect } from "vitest";
import { chatChannelContract } from "./contract";

/* eslint-disable @typescript-eslint/no-explicit-any -- the receiver reads the posted JSON as the platform does */

/** Discord execute-webhook: embed limits as documented (title 256, description 4096, 25 fields, 6000 in all). */
function validate(body: any) {
  assert.ok(body.content === undefined || (typeof body.content === "string" && body.content.length <= 2000));
  assert.ok(Array.isArray(body.embeds) && body.embeds.length >= 1 && body.embeds.length <= 10);
  assert.deepEqual(body.allowed_mentions, { parse: [] });
  let total = 0;
  for (const e of body.embeds) {
    assert.ok(typeof e.title === "string" && e.title.length <= 256);
    assert.ok(e.description === undefined || e.description.length <= 4096);
    assert.ok(Number.isInteger(e.color) && e.color >= 0 && e.color <= 0xffffff);
    if (e.url) new URL(e.url);
    if (e.timestamp) assert.ok(!Number.isNaN(Date.parse(e.timestamp)));
    assert.ok((e.fields ?? []).length <= 25);
    for (const f of e.fields ?? []) assert.ok(f.name.length >= 1 && f.name.length <= 256 && f.value.length >= 1 && f.value.length <= 1024);
    assert.ok(!e.footer || e.footer.text.length <= 2048);
    total += e.title.length + (e.description ?? "").length + (e.footer?.text ?? "").length + (e.fields ?? []).reduce((n: number, f: any) => n + f.name.length + f.value.length, 0);
  }
  assert.ok(total <= 6000, `embeds total ${total}`);
}

/** Markdown characters not preceded by a backslash: what Discord would read as formatting, links or mentions. */
const unescaped = (s: string) => s.match(/(?<!\\)[*_~`|<>@[\]()]/g) ?? [];

chatChannelContract({
  type: "DISCORD",
  validate,
  ok: 204,
  gone: { status: 404, body: '{"message": "Unknown Webhook", "code": 10015}' },
  accepts: "https://discord.com/api/webhooks/123456789012345678/abcDEF",
  refuses: "https://hooks.example.com/api/webhooks/1/x",
  safe(body: any) {
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const e = body.embeds[0];
    // the description ends with our own masked link; everything before it is the page's text, escaped
    const m = /^([\s\S]*?)(?:\n\n)?\[Manage subscription\]\(\S+\)$/.exec(e.description);
    expect(m).not.toBeNull();
    for (const s of [e.title, m![1], ...e.fields.map((f: any) => f.value)]) expect(unescaped(s)).toEqual([]);
  },
  escaped(body: any) {
    const e = body.embeds[0];
    expect(unescaped(e.title)).toEqual([]);
    expect(e.title).toContain("\\@everyone");
    const [text, manage] = e.description.split("\n\n");
    expect(unescaped(text)).toEqual([]);
    expect(manage).toMatch(/^\[Manage subscription\]\(http:\/\/\S+\)$/);
    expect(e.color).toBe(0xe5484d);
  },
});
