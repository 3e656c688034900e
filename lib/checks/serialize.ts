import { env } from "@/lib/env";
import { fromJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { CheckGroup, CheckRow, CheckVariable } from "@/lib/db/types";
import { applyGroupToWire } from "@/lib/check-groups/apply";

type Wire = Record<string, unknown>;
export type ApiVersion = 1 | 2 | 3;

/** A variable as answered: a secret's value never leaves (null, as the vendor's variables API answers it). */
export function variableOut(v: CheckVariable): { key: string; value: string | null; locked: boolean; secret: boolean } {
  const secret = Number(v.secret) === 1;
  return { key: v.key, value: secret ? null : v.value, locked: Number(v.locked) === 1, secret };
}

export const pingUrlOf = (token: string) => `${env.HELIOGRAPH_PUBLIC_URL.replace(/\/+$/, "")}/ping/${token}`;

/** The check's wire shape from its stored parts: columns, the definition JSON, its variables. */
export function checkWire(row: CheckRow, variables: readonly CheckVariable[]): Wire {
  const def = fromJson<Wire>(row.definition) ?? {};
  const out: Wire = {
    id: row.id,
    name: row.name,
    checkType: row.check_type,
    activated: Number(row.activated) === 1,
    muted: Number(row.muted) === 1,
    frequency: row.frequency,
    frequencyOffset: row.frequency_offset,
    groupId: row.group_id,
    groupOrder: row.group_order,
    ...def,
    environmentVariables: variables.map(variableOut),
  };
  if (row.check_type === "HEARTBEAT" && row.ping_token) out.heartbeat = { ...(def.heartbeat as Wire), pingToken: row.ping_token, pingUrl: pingUrlOf(row.ping_token) };
  return out;
}

/** v1 reads carry the flat project fields; v2 drops them; v3 also gives intent as typed constraints. */
export function serializeCheck(row: CheckRow, variables: readonly CheckVariable[], opts: { version: ApiVersion; group?: CheckGroup | null; groupVariables?: readonly CheckVariable[] } = { version: 1 }): Wire {
  let wire = checkWire(row, variables);
  if (opts.group) wire = applyGroupToWire(wire, opts.group, (opts.groupVariables ?? []).map(variableOut));
  const bindings = { owner: null, references: [] };
  const times = { created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
  if (opts.version === 1) return { ...wire, alertChannels: null, project: null, logicalId: null, member: null, pending: null, projectBindings: bindings, ...times };
  if (opts.version === 2) return { ...wire, alertChannels: null, projectBindings: bindings, ...times };
  const intent = wire.intent as { goal: string; requiredOutcomes?: string[]; mustPreserve?: string[] } | null | undefined;
  const constraints = intent
    ? { goal: intent.goal, constraints: [...(intent.requiredOutcomes ?? []).map((statement) => ({ type: "REQUIRED_OUTCOME", statement })), ...(intent.mustPreserve ?? []).map((statement) => ({ type: "MUST_PRESERVE", statement }))] }
    : (intent ?? null);
  return { ...wire, intent: constraints, alertChannels: null, projectBindings: bindings, ...times };
}
