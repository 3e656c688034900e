/** lib/db/dialects.ts withStatementCache: the same SQL reuses its statement, the cache is bounded, schema changes are seen, rows are plain objects. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

  it("answers with the same row objects better-sqlite3 makes, whatever the columns are named", () => {
    const { sqlite, db } = counting();
    const cached = withStatementCache(db);
    sqlite.exec(`create table t (id integer, name text, note text); insert into t values (1, 'a', null), (2, 'b – ü', 'x')`);
    for (const sql of [
      "select * from t order by id",
      "select id, name as label, count(*) over () as \"count(*)\", id as id from t order by id",
      "select * from t where id > 9",
    ]) {
      const plain = sqlite.prepare(sql).all();
      const ours = cached.prepare(sql).all([]);
      expect(ours, sql).toStrictEqual(plain);
      expect(ours.map((r) => Object.getPrototypeOf(r)), sql).toEqual(plain.map(() => Object.prototype));
      expect([...cached.prepare(sql).iterate([])], sql).toStrictEqual(plain);
    }
    // A column named __proto__ is a property like any other (better-sqlite3's own objects lose it to the prototype).
    const [odd] = cached.prepare('select id as "__proto__", name as "constructor" from t order by id').all([]) as object[];
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.entries(odd)).toEqual([["__proto__", 1], ["constructor", "a"]]);
  });

  it("a cached statement sees a column renamed or dropped here, and one added by another connection", () => {
    const file = join(mkdtempSync(join(tmpdir(), "hg-stmt-")), "t.db");
    const sqlite = new BetterSqlite3(file);
    const other = new BetterSqlite3(file);
    try {
      const cached = withStatementCache(sqlite);
      cached.prepare("create table t (a integer, b text)").run([]);
      cached.prepare("insert into t (a, b) values (1, 'x')").run([]);
      expect(cached.prepare("select * from t").all([])).toEqual([{ a: 1, b: "x" }]);
      cached.prepare("alter table t rename column b to c").run([]);
      expect(cached.prepare("select * from t").all([])).toEqual([{ a: 1, c: "x" }]);
      cached.prepare("alter table t drop column a").run([]);
      expect(cached.prepare("select * from t").all([])).toEqual([{ c: "x" }]);
      other.exec("alter table t add column d integer default 7");
      expect(cached.prepare("select * from t").all([])).toEqual([{ c: "x", d: 7 }]);
    } finally {
      sqlite.close();
      other.close();
    }
  });
});
