/** Counts the work a store does for a caller: each query's kind, the tables it names and the rows it returned. */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

export interface LoggedQuery {
  kind: RootOperationNode["kind"];
  tables: string[];
  rows: number;
}

function tablesOf(node: unknown, out = new Set<string>()): Set<string> {
  if (node === null || typeof node !== "object") return out;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === "TableNode" && n.table?.identifier?.name) out.add(n.table.identifier.name);
  for (const v of Object.values(node)) tablesOf(v, out);
  return out;
}

/** A plugin for `db.withPlugin(log)`: transactions begun from that handle are logged too. */
export class QueryLog implements KyselyPlugin {
  readonly queries: LoggedQuery[] = [];
  readonly #pending = new WeakMap<object, Omit<LoggedQuery, "rows">>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#pending.set(queryId, { kind: node.kind, tables: [...tablesOf(node)] });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const q = this.#pending.get(queryId);
    if (q) this.queries.push({ ...q, rows: result.rows.length });
    return result;
  }

  /** Queries that name this table. */
  on(table: string): LoggedQuery[] {
    return this.queries.filter((q) => q.tables.includes(table));
  }

  /** Rows that reads of this table returned. */
  rowsRead(table: string): number {
    return this.on(table)
      .filter((q) => q.kind === "SelectQueryNode")
      .reduce((n, q) => n + q.rows, 0);
  }
}
