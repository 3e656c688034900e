import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type Mailer } from "@/lib/notifications/channels/email";
import { startSmtp, type SmtpPeer } from "./peers";

/** The mailer composes each message itself (one raw write); what a mail client parses must be what was asked. */
describe("e-mail composition", () => {
  let smtp: SmtpPeer;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailer = createMailer({ host: "127.0.0.1", port: smtp.port, secure: false, from: 'Acme, Inc. "Status" <status@example.test>', connections: 2 });
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  it("keeps Unicode subjects and bodies, long lines, quoted sender names and extra headers intact", async () => {
    const subject = "[Zürich Störung ✓] " + "Très longue ligne de sujet ".repeat(4) + "日本語の件名";
    const html = `<p>${"é".repeat(3000)}</p><p>line\n.\nwith a lone dot</p><a href="https://example.test/manage?token=abc.def">manage</a>`;
    const text = `Hello ${"x".repeat(2000)}\n.\nDone — ✓`;
    await mailer.send({ to: "alice@example.test", subject, html, text, messageId: "<msg_1_abc@example.test>", headers: { "List-Unsubscribe": "<https://example.test/u?token=abc>", "Idempotency-Key": "msg_1_abc" } });
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe(subject);
    expect(mail.from?.value[0]).toEqual({ address: "status@example.test", name: 'Acme, Inc. "Status"' });
    expect((mail.to as { text: string }).text).toBe("alice@example.test");
    expect(mail.messageId).toBe("<msg_1_abc@example.test>");
    expect(mail.html).toBe(html);
    expect(mail.text?.replace(/\r\n/g, "\n").trimEnd()).toBe(text);
    expect(mail.headers.get("idempotency-key")).toBe("msg_1_abc");
    expect(mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line).toBe("List-Unsubscribe: <https://example.test/u?token=abc>");
    expect(mail.date).toBeInstanceOf(Date);
  });

  it("lets nodemailer compose a message to an internationalised address", async () => {
    await mailer.send({ to: "jörg@example.test", subject: "Hi", html: "<p>hi</p>", text: "hi", messageId: "<msg_2_abc@example.test>" });
    const mails = await smtp.waitFor(2);
    const mail = mails.find((m) => m.messageId === "<msg_2_abc@example.test>")!;
    expect((mail.to as { text: string }).text).toBe("jörg@example.test");
    expect(mail.html).toBe("<p>hi</p>");
  });
});
