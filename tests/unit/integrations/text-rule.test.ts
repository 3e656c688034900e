import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { isStorableText } from "@/lib/http/wire";
import { FORMATS } from "@/lib/integrations/formats";
import { clip } from "@/lib/integrations/formats/shared";

const opts = { matchLabel: "component", now: Date.parse("2026-11-24T12:00:00Z") };
const alert = (over: Record<string, unknown> = {}) => ({ status: "firing", labels: { alertname: "X", component: "api" }, annotations: {}, startsAt: "2026-11-24T10:00:00Z", fingerprint: "fp", ...over });

describe("the text rule in alert formats", () => {
  it("refuses one Alertmanager alert by field, with a stand-in key when its own is unstorable, and reads the others", () => {
    const events = FORMATS.alertmanager.parse({ alerts: [alert({ fingerprint: "a" }), alert({ fingerprint: "b\u0000", status: "resolved", labels: { alertname: "X", job: "n\u0000" } }), alert({ fingerprint: "c" })] }, opts);
    expect(events.map((e) => [e.dedupKey, e.action, e.refused])).toEqual([
      ["a", "trigger", undefined],
      ["alerts.1", "resolve", expect.stringMatching(/^refused: alerts\.1\.(fingerprint|labels\.job) must not contain NUL/)],
      ["c", "trigger", undefined],
    ]);
    for (const e of events) expect(isStorableText(JSON.stringify(e))).toBe(true);
  });

  it("still refuses the whole body when an alert is malformed otherwise", () => {
    expect(() => FORMATS.alertmanager.parse({ alerts: [alert(), alert({ status: "burning", labels: { a: "\u0000" } })] }, opts)).toThrow(ValidationError);
  });

  it("refuses a one-event body's bad text as a ValidationError naming the field", () => {
    const pd = { routing_key: "k", event_action: "trigger", dedup_key: "d", payload: { summary: "down\u0000", source: "s", severity: "critical" } };
    expect(() => FORMATS.pagerduty.parse(pd, opts)).toThrow(expect.objectContaining({ attributes: expect.objectContaining({ fields: ["payload.summary"] }) }));
    expect(() => FORMATS.generic.parse({ dedupKey: "x\ud800", action: "trigger" }, opts)).toThrow(expect.objectContaining({ attributes: expect.objectContaining({ fields: ["dedupKey"] }) }));
  });

  it("clips long text without splitting a surrogate pair", () => {
    const s = `${"a".repeat(8)}😀😀`;
    for (let max = 3; max <= s.length; max++) expect(isStorableText(clip(s, max))).toBe(true);
  });
});
