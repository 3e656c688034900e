import assert from "node:assert/strict";
import { expect } from "vitest";
import { chatChannelContract, HOSTILE_NAME } from "./contract";

/* eslint-disable @typescript-eslint/no-explicit-any -- the receiver reads the posted JSON as the platform does */

/** Teams webhooks (Workflows and incoming webhooks): a "message" with one Adaptive Card attachment. */
function validate(body: any) {
  assert.equal(body.type, "message");
  assert.equal(body.attachments.length, 1);
  const { contentType, content: card } = body.attachments[0];
  assert.equal(contentType, "application/vnd.microsoft.card.adaptive");
  assert.equal(card.type, "AdaptiveCard");
  assert.match(card.version, /^1\.[0-5]$/);
  assert.ok(Array.isArray(card.body) && card.body.length > 0);
  for (const el of card.body) {
    assert.ok(["TextBlock", "RichTextBlock", "FactSet", "Container", "ColumnSet"].includes(el.type), el.type);
    if (el.type === "RichTextBlock") for (const r of el.inlines) assert.ok(r.type === "TextRun" && typeof r.text === "string");
    if (el.color) assert.ok(["default", "dark", "light", "accent", "good", "warning", "attention"].includes(el.color));
  }
  for (const a of card.actions ?? []) {
    assert.equal(a.type, "Action.OpenUrl");
    assert.ok(typeof a.title === "string" && /^https?:\/\//.test(new URL(a.url).href));
  }
}

chatChannelContract({
  type: "TEAMS",
  validate,
  ok: 202,
  gone: { status: 410 },
  accepts: "https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x",
  safe(body: any) {
    const card = body.attachments[0].content;
    // Only TextRuns carry text (Teams never reads Markdown or mentions in them); links are ours alone.
    expect(card.body.filter((el: any) => el.type !== "RichTextBlock")).toEqual([]);
    for (const a of card.actions) expect(a.url).toMatch(/^(https:\/\/status\.example\.com|http:\/\/localhost:3000\/|https:\/\/heliograph\.invalid\/__manage__)/);
  },
  escaped(body: any) {
    const card = body.attachments[0].content;
    // TextRuns are shown as typed: the name is there exactly, and never in a (Markdown) TextBlock.
    const runs = card.body.flatMap((el: any) => (el.type === "RichTextBlock" ? el.inlines.map((r: any) => r.text) : []));
    expect(runs).toContain(HOSTILE_NAME);
    expect(card.body.filter((el: any) => el.type === "TextBlock" && String(el.text).includes("@everyone"))).toEqual([]);
  },
});
