import assert from "node:assert/strict";
import { expect } from "vitest";
import { chatChannelContract, HOSTILE_NAME } from "./contract";

/* eslint-disable @typescript-eslint/no-explicit-any -- the receiver reads the posted JSON as the platform does */

const WIDGETS = ["textParagraph", "decoratedText", "buttonList", "image", "divider", "columns", "grid"];

/** Google Chat incoming webhook: a Message with cardsV2 (CardWithId: cardId and a card of sections of widgets). */
function validate(body: any) {
  assert.ok(body.text !== undefined || Array.isArray(body.cardsV2), "a message needs text or cards");
  for (const c of body.cardsV2 ?? []) {
    assert.ok(typeof c.cardId === "string" && c.cardId.length > 0);
    assert.ok(!c.card.header || typeof c.card.header.title === "string");
    assert.ok(Array.isArray(c.card.sections) && c.card.sections.length > 0);
    for (const s of c.card.sections) {
      assert.ok(s.widgets.length > 0);
      for (const w of s.widgets) {
        const keys = Object.keys(w);
        assert.ok(keys.length === 1 && WIDGETS.includes(keys[0]), keys.join());
        for (const b of w.buttonList?.buttons ?? []) new URL(b.onClick.openLink.url);
        if (w.decoratedText) assert.equal(typeof w.decoratedText.text, "string");
        if (w.textParagraph) assert.equal(typeof w.textParagraph.text, "string");
      }
    }
  }
}

chatChannelContract({
  type: "GOOGLE_CHAT",
  validate,
  ok: 200,
  gone: { status: 410 },
  accepts: "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=k&token=t",
  refuses: "https://chat.example.com/v1/spaces/AAAA/messages",
  safe(body: any) {
    expect(body.text).toBeUndefined();
    for (const w of body.cardsV2[0].card.sections[0].widgets) {
      const text = w.decoratedText?.text ?? w.textParagraph?.text ?? "";
      // the only markup is ours: bold and a colour on the status
      expect(text.replace(/<font color="#[0-9a-f]{6}"><b>|<\/b><\/font>/g, "")).not.toMatch(/[<>]/);
      for (const b of w.buttonList?.buttons ?? []) expect(b.onClick.openLink.url).toMatch(/^(https:\/\/status\.example\.com|http:\/\/localhost:3000\/|https:\/\/heliograph\.invalid\/__manage__)/);
    }
  },
  escaped(body: any) {
    // No text part: its <users/all> syntax would mention the whole space.
    expect(body.text).toBeUndefined();
    const card = body.cardsV2[0].card;
    expect(card.header.title).toBe(HOSTILE_NAME);
    const texts = card.sections[0].widgets.flatMap((w: any) => [w.decoratedText?.text, w.textParagraph?.text].filter(Boolean)).join("\n");
    expect(texts).toContain("&lt;users/all&gt;");
    expect(texts).not.toMatch(/<(?!\/?(b|font)\b)[^>]*>/);
  },
});
