import { spawn } from "node:child_process";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";

const ROOT = join(import.meta.dirname, "../../..");
const TSX = join(ROOT, "node_modules/.bin/tsx");

function run(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(TSX, ["--conditions=react-server", ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

// These start their own processes with their own configuration: run them once, in the SQLite project.
describe.runIf(process.env.HELIOGRAPH_TEST_STORE === "sqlite")("start-up and shared SQLite file", () => {
  it("refuses a malformed DATABASE_URL with one line", async () => {
    const r = await run(["lib/cli/migrate.ts"], { DATABASE_URL: "mysql://nope" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/DATABASE_URL must be a postgres/);
  });

  it("refuses an unreachable PostgreSQL with one line", async () => {
    const r = await run(["lib/cli/migrate.ts"], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/test" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/Cannot open the database at postgres:\/\/postgres@127\.0\.0\.1:1\/test: connection refused/);
  });

  it("creates an API key for an account from the command line, and refuses an unknown account", async () => {
    const file = join(ROOT, "tests/.tmp", `cli-${randomUUID()}.db`);
    const env = { HELIOGRAPH_SQLITE_PATH: file, DATABASE_URL: undefined };
    const r1 = await run(["lib/cli/create-key.ts", "--account", randomUUID()], env);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(/Account not found/);
    const db = createDb({ sqlitePath: file });
    const { createAccount } = await import("@/lib/accounts/service");
    const account = await createAccount(db, "cli");
    await db.destroy();
    const r2 = await run(["lib/cli/create-key.ts", "--account", account.id], env);
    expect(r2.code).toBe(0);
    expect(r2.stdout.trim()).toMatch(/^hg_[A-Za-z0-9_-]{32}$/);
  });

  it("lets two processes write the same SQLite file at once without 'database is locked'", async () => {
    const file = join(ROOT, "tests/.tmp", `shared-${randomUUID()}.db`);
    const writer = join(import.meta.dirname, "fixtures/writer.ts");
    const [a, b] = await Promise.all([run([writer, file, "300"], {}), run([writer, file, "300"], {})]);
    expect(a.stderr + b.stderr).not.toMatch(/locked|BUSY/);
    expect([a.code, b.code]).toEqual([0, 0]);
    const db = createDb({ sqlitePath: file });
    const n = await db.selectFrom("services").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await db.destroy();
    expect(Number(n.n)).toBe(600);
  }, 60_000);
});
