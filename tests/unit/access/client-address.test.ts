import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, stampClientAddress } from "@/lib/access/client-address";

const request = (headers: Record<string, string>, remoteAddress = "203.0.113.9") =>
  ({ headers: { ...headers }, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("client address", () => {
  it("takes the socket address and ignores what the client claims, without a trusted proxy", () => {
    const req = request({ "x-forwarded-for": "1.2.3.4", [CLIENT_ADDRESS_HEADER]: "5.6.7.8" });
    stampClientAddress(req, false);
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe("203.0.113.9");
  });

  it("takes the entry the trusted proxy appended", () => {
    const req = request({ "x-forwarded-for": "1.2.3.4, 198.51.100.7" }, "10.0.0.2");
    stampClientAddress(req, true);
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe("198.51.100.7");
  });

  it("falls back to the socket when a trusted proxy sent nothing usable", () => {
    const req = request({ "x-forwarded-for": " , " }, "10.0.0.2");
    stampClientAddress(req, true);
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe("10.0.0.2");
  });

  it("reads the stamped address in route handlers", () => {
    expect(clientAddressOf(new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "1.1.1.1" }))).toBe("203.0.113.9");
    expect(clientAddressOf(new Headers({ "x-forwarded-for": "1.1.1.1, 2.2.2.2" }))).toBe("2.2.2.2");
    expect(clientAddressOf(new Headers())).toBe("unknown");
  });
});
