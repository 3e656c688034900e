import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { standardSignature } from "@/lib/notifications/channels/webhook";

describe("standardSignature", () => {
  const secret = "whsec_" + Buffer.from("a secret of at least 24 bytes!").toString("base64");
  const at = new Date();

  it("is the signature standardwebhooks computes and verifies", () => {
    const body = JSON.stringify({ text: "Ünïcode ✓ and \"quotes\"" });
    const sig = standardSignature(secret, "msg_1", at, body);
    expect(sig).toBe(new Webhook(secret).sign("msg_1", at, body));
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": sig };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("changes with the body, the id and the secret", () => {
    const sig = standardSignature(secret, "msg_1", at, "{}");
    expect(standardSignature(secret, "msg_1", at, "{ }")).not.toBe(sig);
    expect(standardSignature(secret, "msg_2", at, "{}")).not.toBe(sig);
    expect(standardSignature("whsec_" + Buffer.from("another secret, also long").toString("base64"), "msg_1", at, "{}")).not.toBe(sig);
  });

  it("refuses an empty secret", () => {
    expect(() => standardSignature("whsec_", "msg_1", at, "{}")).toThrow();
  });
});
