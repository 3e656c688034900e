/** lib/db/dialects.ts withStatementCache: the same SQL reuses its statement, the cache is bounded, schema changes are seen. */
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "@/lib/db/dialects";

function counting() {
  const sqlite = new BetterSqlite3(":memory:");
  let prepares = 0;
  const db = { close: () => sqlite.close(), prepare: (sql: string) => (prepares++, sqlite.prepare(sql)) };
  return { sqlite, db, prepares: () => prepares };
}

describe("withStatementCache", () => {
  it("prepares a SQL text once and answers as a fresh statement would", () => {
    const { db, prepares } = counting();
    const cached = withStatementCache(db);
    cached.prepare("create table t (a integer)").run([]);
    for (let i = 0; i < 5; i++) cached.prepare("insert into t (a) values (?)").run([i]);
    expect(cached.prepare("select sum(a) as s from t").all([])).toEqual([{ s: 10 }]);
    expect(cached.prepare("select sum(a) as s from t").all([])).toEqual([{ s: 10 }]);
    expect(prepares()).toBe(3);
  });

  it("keeps at most `size` statements, dropping the least recently used", () => {
    const { db, prepares } = counting();
    const cached = withStatementCache(db, 2);
    cached.prepare("select 1");
    cached.prepare("select 2");
    cached.prepare("select 1"); // now most recent: "select 2" is the oldest
    cached.prepare("select 3"); // evicts "select 2"
    expect(prepares()).toBe(3);
    cached.prepare("select 1");
    expect(prepares()).toBe(3);
    cached.prepare("select 2");
    expect(prepares()).toBe(4);
  });

  it("a cached statement sees a column added after it was prepared", () => {
    const { db } = counting();
    const cached = withStatementCache(db);
    cached.prepare("create table t (a integer)").run([]);
    cached.prepare("insert into t (a) values (1)").run([]);
    expect(cached.prepare("select * from t").all([])).toEqual([{ a: 1 }]);
    cached.prepare("alter table t add column b text default 'x'").run([]);
    expect(cached.prepare("select * from t").all([])).toEqual([{ a: 1, b: "x" }]);
  });
});
