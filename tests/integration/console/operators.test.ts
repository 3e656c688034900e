/**
 * Operators and sign-in, through the verbs behind the console's screens on the real sign-in library and store: the
 * CLI's one-time link, invitations by e-mail (a real SMTP peer), password sign-in with sessions in the store, the
 * throttle per address and per account without enumeration, roles enforced in the verbs, and their audit rows.
 */
import { smtp } from "./mail-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../../setup/db";
import { STORE } from "../api/fixtures";

let svc: typeof import("@/lib/operators/service");
let throttle: typeof import("@/lib/operators/throttle");

beforeAll(async () => {
  svc = await import("@/lib/operators/service");
  throttle = await import("@/lib/operators/throttle");
});
afterAll(() => smtp.close());

const cookieOf = (h: Headers) => h.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const browser = (cookie = "") => new Headers({ cookie, origin: "https://status.example.test" });
const uniq = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;

async function owner() {
  const { db, accountId } = await newAccount("Console");
  const email = uniq("owner");
  const made = await svc.createOperatorWithLink(db, { email, role: "owner", accountId });
  const actor = { userId: made.userId, accountId, role: "owner" as const, requestId: "test" };
  return { db, accountId, email, made, actor };
}

describe(`operators and sign-in (${STORE})`, () => {
  it("the CLI makes an owner and a one-time link on the public address that signs in once", async () => {
    const { made, email, db } = await owner();
    expect(made.created).toBe(true);
    const url = new URL(made.url);
    expect(url.origin).toBe("https://status.example.test");
    expect(url.pathname).toBe("/console/api/auth/magic-link/verify");
    const { getAuth } = await import("@/lib/operators/auth");
    const auth = await getAuth();
    const first = await auth.handler(new Request(made.url, { headers: browser() }));
    expect(first.status).toBe(302);
    const cookie = cookieOf(first.headers);
    expect(first.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    expect(first.headers.getSetCookie().join("\n")).toMatch(/SameSite=Lax/i);
    expect(first.headers.getSetCookie().join("\n")).toMatch(/Secure/i);
    const session = await auth.api.getSession({ headers: browser(cookie) });
    expect(session?.user.email).toBe(email);
    const again = await auth.handler(new Request(made.url, { headers: browser() }));
    expect(cookieOf(again.headers)).not.toContain("session_token=");
    // A second run for the same address makes no second operator, only a new link.
    const rerun = await svc.createOperatorWithLink(db, { email, role: "owner" });
    expect(rerun).toMatchObject({ created: false, userId: made.userId });
    expect(rerun.url).not.toBe(made.url);
  });

  it("an owner invites an editor by e-mail, who accepts, signs in with a password, and may not manage operators", async () => {
    const { db, actor } = await owner();
    const email = uniq("editor");
    const before = smtp.mails.length;
    const inv = await svc.inviteOperator(db, actor, { email, role: "editor" });
    expect(inv.emailed).toBe(true);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.to && "value" in mail.to ? mail.to.value[0].address : "").toBe(email);
    expect(mail.text).toContain(inv.url);
    const token = decodeURIComponent(new URL(inv.url).pathname.split("/").pop()!);
    expect(await svc.openInvitation(db, token)).toEqual({ email, role: "editor" });
    const accepted = await svc.acceptInvitation(db, { token, name: "Eddie <b>", password: "correct horse battery" });
    expect(await svc.openInvitation(db, token)).toBeNull();
    await expect(svc.acceptInvitation(db, { token, name: "Again", password: "correct horse battery" })).rejects.toThrow(/no longer valid/);

    const signedIn = await svc.signInWithPassword({ email, password: "correct horse battery" }, browser(), "10.0.0.1");
    const cookie = cookieOf(signedIn.headers);
    expect(cookie).toContain("session_token=");
    const again = await svc.signInWithPassword({ email, password: "correct horse battery" }, browser(cookie), "10.0.0.1");
    expect(cookieOf(again.headers)).not.toBe(cookie);

    const editor = { userId: accepted.userId, accountId: actor.accountId, role: "editor" as const, requestId: "t" };
    await expect(svc.inviteOperator(db, editor, { email: uniq("x"), role: "owner" })).rejects.toMatchObject({ name: "ForbiddenError" });
    await expect(svc.changeRole(db, editor, { userId: actor.userId, role: "viewer" })).rejects.toMatchObject({ name: "ForbiddenError" });
    await expect(svc.removeOperator(db, editor, actor.userId)).rejects.toMatchObject({ name: "ForbiddenError" });

    await svc.changeRole(db, actor, { userId: accepted.userId, role: "viewer" });
    await expect(svc.changeRole(db, actor, { userId: actor.userId, role: "editor" })).rejects.toMatchObject({ name: "ConflictError" });
    const list = await svc.listOperators(db, actor);
    expect(list.operators.map((o) => [o.email, o.role])).toEqual([[actor.userId === list.operators[0].userId ? list.operators[0].email : "", "owner"], [email, "viewer"]]);

    await svc.removeOperator(db, actor, accepted.userId);
    const { getAuth } = await import("@/lib/operators/auth");
    expect(await (await getAuth()).api.getSession({ headers: browser(cookie) })).toBeNull();
    const audit = await db.selectFrom("audit_log").select(["action", "before", "after"]).where("account_id", "=", actor.accountId).orderBy("created_at").execute();
    expect(audit.map((a) => a.action)).toEqual(["operator.create", "operator.invite", "operator.accept-invitation", "operator.change-role", "operator.remove"]);
    expect(JSON.stringify(audit)).not.toContain("correct horse");
  });

  it("throttles failed sign-ins per client and per address, with one wording for unknown and known addresses", async () => {
    throttle.configureSignInThrottle({ perClient: 3, perAccount: 4, windowSeconds: 600 });
    const { db, actor } = await owner();
    const email = uniq("target");
    const inv = await svc.inviteOperator(db, actor, { email, role: "viewer" });
    await svc.acceptInvitation(db, { token: decodeURIComponent(new URL(inv.url).pathname.split("/").pop()!), name: "V", password: "the right password" });

    const wrongKnown = await svc.signInWithPassword({ email, password: "wrong password!" }, browser(), "10.1.0.1").catch((e: Error) => e);
    const wrongUnknown = await svc.signInWithPassword({ email: uniq("nobody"), password: "wrong password!" }, browser(), "10.1.0.1").catch((e: Error) => e);
    expect(wrongKnown).toMatchObject({ name: "UnauthorizedError" });
    expect((wrongUnknown as Error).message).toBe((wrongKnown as Error).message);
    await svc.signInWithPassword({ email, password: "wrong again!!" }, browser(), "10.1.0.1").catch(() => null);
    // The client's budget is spent: even the right password waits.
    await expect(svc.signInWithPassword({ email, password: "the right password" }, browser(), "10.1.0.1")).rejects.toMatchObject({ name: "RateLimitedError" });
    // From other addresses, the account's own budget runs out too.
    for (const ip of ["10.2.0.1", "10.3.0.1"]) await svc.signInWithPassword({ email, password: "nope nope nope" }, browser(), ip).catch(() => null);
    const locked = await svc.signInWithPassword({ email, password: "the right password" }, browser(), "10.4.0.1").catch((e: Error) => e);
    expect(locked).toMatchObject({ name: "RateLimitedError" });
    expect((locked as Error).message).toMatch(/Too many failed sign-ins/);
    // Another address on a fresh client is untouched.
    throttle.configureSignInThrottle();
  });

  it("a password reset by e-mailed link sets a new password and ends the old sessions; unknown addresses get the same answer", async () => {
    const { db, actor } = await owner();
    const email = uniq("reset");
    const inv = await svc.inviteOperator(db, actor, { email, role: "editor" });
    await svc.acceptInvitation(db, { token: decodeURIComponent(new URL(inv.url).pathname.split("/").pop()!), name: "R", password: "first password 1" });
    const old = cookieOf((await svc.signInWithPassword({ email, password: "first password 1" }, browser(), "10.9.0.1")).headers);
    const before = smtp.mails.length;
    await svc.requestPasswordReset(email);
    await svc.requestPasswordReset(uniq("unknown"));
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.length).toBe(before + 1);
    const link = /https:\/\/status\.example\.test\/console\/reset-password\?token=(\S+)/.exec(mail.text ?? "");
    expect(link, mail.text).not.toBeNull();
    await svc.resetPassword({ token: decodeURIComponent(link![1]), password: "second password 2" });
    const { getAuth } = await import("@/lib/operators/auth");
    expect(await (await getAuth()).api.getSession({ headers: browser(old) })).toBeNull();
    await expect(svc.signInWithPassword({ email, password: "first password 1" }, browser(), "10.9.0.2")).rejects.toMatchObject({ name: "UnauthorizedError" });
    expect(cookieOf((await svc.signInWithPassword({ email, password: "second password 2" }, browser(), "10.9.0.3")).headers)).toContain("session_token=");
    await expect(svc.resetPassword({ token: decodeURIComponent(link![1]), password: "third password 3" })).rejects.toMatchObject({ name: "NotFoundError" });
  });

  it("signs out everywhere: every session of the operator ends", async () => {
    const { db, actor } = await owner();
    const email = uniq("many");
    const inv = await svc.inviteOperator(db, actor, { email, role: "editor" });
    await svc.acceptInvitation(db, { token: decodeURIComponent(new URL(inv.url).pathname.split("/").pop()!), name: "M", password: "many sessions pw" });
    const a = cookieOf((await svc.signInWithPassword({ email, password: "many sessions pw" }, browser(), "10.8.0.1")).headers);
    const b = cookieOf((await svc.signInWithPassword({ email, password: "many sessions pw" }, browser(), "10.8.0.2")).headers);
    await svc.signOutEverywhere(browser(a));
    const { getAuth } = await import("@/lib/operators/auth");
    const auth = await getAuth();
    expect(await auth.api.getSession({ headers: browser(a) })).toBeNull();
    expect(await auth.api.getSession({ headers: browser(b) })).toBeNull();
  });
});
