import "server-only";
import type { Db } from "@/lib/db";
import { recordAuditAfter } from "./record";

export interface ApiWrite {
  accountId: string;
  apiKeyId: string;
  method: string;
  pathname: string;
  params: Record<string, unknown> | undefined;
  /** the parsed request body: its top-level fields are the ones the write set */
  body: unknown;
  /** the answer's body: what the entity looks like now (null for a delete) */
  result: unknown;
  requestId: string;
}

/**
 * One row per successful API write, recorded by the API wrapper after the verb committed: the action names the
 * operation (`PUT /v1/status-pages/{id}`), the entity is the path's last resource and its id (or the answer's).
 */
export async function recordApiWrite(db: Db, w: ApiWrite): Promise<void> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(w.params ?? {})) if (typeof value === "string" || typeof value === "number") values.set(String(value), name);
  const segments = w.pathname.split("/").filter(Boolean).map((s) => decodeURIComponent(s));
  const template = segments.map((s) => (values.has(s) ? `{${values.get(s)}}` : s));
  const lastParam = [...segments].reverse().find((s) => values.has(s));
  const entityType = [...template].reverse().find((s) => !s.startsWith("{") && !/^v\d$/.test(s)) ?? "api";
  const resultId = w.result && typeof w.result === "object" && "id" in w.result ? String((w.result as { id: unknown }).id) : null;
  const fields = w.body && typeof w.body === "object" && !Array.isArray(w.body) ? Object.keys(w.body).sort() : [];
  await recordAuditAfter(db, {
    accountId: w.accountId,
    actor: { type: "API_KEY", id: w.apiKeyId },
    action: `${w.method} /${template.join("/")}`,
    entityType,
    entityId: w.method === "POST" && resultId ? resultId : (lastParam ?? resultId),
    after: w.method === "DELETE" ? undefined : (w.result ?? undefined),
    fields,
    requestId: w.requestId,
  });
}
