/**
 * The messages around a subscription: the chat channels' test message and the notice
 * that a failing subscription was turned off speak the page's language; operator text stays as written.
 */
import { describe, expect, it } from "vitest";
import { renderDisabledEmail } from "@/lib/notifications/channels/email";
import { slackTestMessage } from "@/lib/notifications/channels/slack";

describe("messages around a subscription, in the page's language", () => {
  it("Slack's test message", () => {
    const de = JSON.stringify(slackTestMessage({ name: "Acme <Wolke>", address: "https://s.test", locale: "de" }, "https://s.test/manage"));
    expect(de).toContain("Dieser Kanal erhält Status-Updates von Acme &lt;Wolke&gt;.");
    expect(de).toContain("|Abonnement verwalten>");
    const en = JSON.stringify(slackTestMessage({ name: "Acme", address: "https://s.test" }, "https://s.test/manage"));
    expect(en).toContain("This channel will receive status updates from Acme.");
  });

  it("the turned-off notice: subject, body and its link", async () => {
    const ja = await renderDisabledEmail("Acme", "ops@example.com", "https://s.test", "ja");
    expect(ja.subject).toBe("Acme のステータス更新の配信を停止しました");
    expect(ja.html).toContain('lang="ja"');
    expect(ja.html).toContain("ops@example.com への配信が 3 日間失敗し続けたため");
    expect(ja.html).toMatch(/<a[^>]+href="https:\/\/s\.test"[^>]*>ステータスページ<\/a>/);
    const en = await renderDisabledEmail("Acme", "ops@example.com", "https://s.test");
    expect(en.subject).toBe("Status updates from Acme were stopped");
    expect(en.text).toContain("You can subscribe again from the status page");
  });
});
