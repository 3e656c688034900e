/**
 * The console's pure rules by table: what each role may do, what the audit log redacts and counts as changed, which
 * paths a sign-in may continue to, which library routes are open, and the OIDC domain list.
 */
import { describe, expect, it } from "vitest";
import { changedFields, redact, REDACTED } from "@/lib/audit/redact";
import { can, requireRole } from "@/lib/operators/roles";
import { allowedDomains } from "@/lib/operators/oidc";
import { safeNext } from "@/lib/console/form";
import { isServedAuthPath } from "@/lib/console/auth-paths";
import { isConsolePassPath } from "./plan";

describe("roles", () => {
  it.each([
    ["owner", "read", true], ["owner", "write", true], ["owner", "manage-operators", true],
    ["editor", "read", true], ["editor", "write", true], ["editor", "manage-operators", false],
    ["viewer", "read", true], ["viewer", "write", false], ["viewer", "manage-operators", false],
  ] as const)("%s may %s: %s", (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
    if (allowed) expect(() => requireRole(role, permission)).not.toThrow();
    else expect(() => requireRole(role, permission)).toThrow(expect.objectContaining({ name: "ForbiddenError" }));
  });
});

describe("audit redaction", () => {
  it("replaces secret-sounding keys at any depth and keeps masked values and ids", () => {
    const out = redact({ name: "bot", key: "hg_raw", maskedKey: "hg_ab****", nested: { password: "p", token_hash: "h", keyId: "k1", items: [{ secret: "s", ok: 1 }] }, authorization: "Bearer x" });
    expect(out).toEqual({ name: "bot", key: REDACTED, maskedKey: "hg_ab****", nested: { password: REDACTED, token_hash: REDACTED, keyId: "k1", items: [{ secret: REDACTED, ok: 1 }] }, authorization: REDACTED });
    expect(JSON.stringify(out)).not.toMatch(/hg_raw|Bearer x/);
  });

  it.each([
    [null, { a: 1, b: 2 }, ["a", "b"]],
    [{ a: 1, b: 2 }, { a: 1, b: 3 }, ["b"]],
    [{ a: 1, b: { c: 1 } }, { a: 1 }, ["b"]],
    [{ a: [1, 2] }, { a: [1, 2] }, []],
  ])("changed fields of %j → %j: %j", (before, after, fields) => {
    expect(changedFields(before, after)).toEqual(fields);
  });
});

describe("where a sign-in may continue", () => {
  it.each([
    ["/console", "/console"],
    ["/console/operators", "/console/operators"],
    ["/console?x=1", "/console?x=1"],
    ["https://evil.example/console", "/console"],
    ["//evil.example/console", "/console"],
    ["/console//evil.example", "/console"],
    ["/console\\..\\x", "/console"],
    ["/consolex", "/console"],
    ["/acme", "/console"],
    [undefined, "/console"],
    [["/console/a"], "/console"],
  ])("%j → %s", (input, out) => expect(safeNext(input)).toBe(out));
});

describe("the sign-in library's open routes", () => {
  it.each([
    ["GET", "/console/api/auth/magic-link/verify", true],
    ["GET", "/console/api/auth/callback/oidc", true],
    ["POST", "/console/api/auth/sign-in/email", false],
    ["POST", "/console/api/auth/sign-up/email", false],
    ["POST", "/console/api/auth/request-password-reset", false],
    ["GET", "/console/api/auth/callback/github", false],
    ["POST", "/console/api/auth/magic-link/verify", false],
  ])("%s %s: %s", (method, path, open) => expect(isServedAuthPath(method, path)).toBe(open));
});

describe("OIDC domains", () => {
  it("reads domain=account pairs, lower-casing domains and skipping malformed entries", () => {
    expect([...allowedDomains(" Corp.Test = a1 ,other.test=b2,,broken, =c3")]).toEqual([["corp.test", "a1"], ["other.test", "b2"]]);
    expect(allowedDomains("").size).toBe(0);
  });
});

describe("/console on hosts", () => {
  it.each([
    ["localhost:3000", "/console", true],
    ["localhost:3000", "/console/sign-in", true],
    ["localhost:3000", "/consoles", false],
    ["status.acme.test", "/console", false],
    ["status.acme.test", "/console/api/auth/magic-link/verify", false],
  ])("%s %s passes to the console: %s", (host, path, passes) => expect(isConsolePassPath(host, path)).toBe(passes));
});
