import { describe, expect, it } from "vitest";
import { readGrant, signGrant, type AccessGrant } from "@/lib/access/token";

const SECRET = "s".repeat(43);
const NOW = 1_800_000_000;
const grant: AccessGrant = { pageId: "page-1", credential: "k.key-1", expires: NOW + 3600 };

describe("access grants (lib/access/token.ts), read again and again", () => {
  it("accepts a signed grant on every read, the MAC of a verified one kept", () => {
    const token = signGrant(grant, SECRET);
    for (let i = 0; i < 3; i++) expect(readGrant(token, SECRET, NOW)).toEqual(grant);
  });

  it("refuses a forged signature for a body that verified before", () => {
    const token = signGrant(grant, SECRET);
    expect(readGrant(token, SECRET, NOW)).not.toBeNull();
    const sig = token.split("~")[3];
    const forged = `${token.slice(0, -sig.length)}${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`;
    expect(readGrant(forged, SECRET, NOW)).toBeNull();
    expect(readGrant(`${token.slice(0, -sig.length)}x`, SECRET, NOW)).toBeNull();
  });

  it("refuses a kept grant under another secret, and once it expired", () => {
    const token = signGrant(grant, SECRET);
    expect(readGrant(token, SECRET, NOW)).not.toBeNull();
    expect(readGrant(token, "t".repeat(43), NOW)).toBeNull();
    expect(readGrant(token, SECRET, NOW)).not.toBeNull();
    expect(readGrant(token, SECRET, grant.expires)).toBeNull();
  });

  it("refuses a grant whose body was changed (another page, a later expiry, another credential)", () => {
    const token = signGrant(grant, SECRET);
    expect(readGrant(token, SECRET, NOW)).not.toBeNull();
    const [, , , sig] = token.split("~");
    for (const body of [`page-2~${grant.expires}~k.key-1`, `page-1~${grant.expires + 1}~k.key-1`, `page-1~${grant.expires}~k.key-2`]) expect(readGrant(`${body}~${sig}`, SECRET, NOW)).toBeNull();
  });
});
