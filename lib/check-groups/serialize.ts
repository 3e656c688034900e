import { fromJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { CheckGroup, CheckVariable } from "@/lib/db/types";

type Wire = Record<string, unknown>;

/**
 * A group as CheckGroupV2 (v1 reads add projectBindings). A secret's value is answered "" (the group shape requires a
 * string); a null alertSettings ("each check keeps its own") is left out, as the shape has no null for it.
 */
export function serializeGroup(row: CheckGroup, variables: readonly CheckVariable[], version: 1 | 2): Wire {
  const def = fromJson<Wire>(row.definition) ?? {};
  const { alertSettings, ...rest } = def;
  return {
    id: row.id,
    name: row.name,
    activated: Number(row.activated) === 1,
    muted: Number(row.muted) === 1,
    tags: fromJson<string[]>(row.tags) ?? [],
    locations: fromJson<string[]>(row.locations) ?? [],
    concurrency: row.concurrency,
    ...rest,
    ...(alertSettings ? { alertSettings } : {}),
    environmentVariables: variables.map((v) => {
      const secret = Number(v.secret) === 1;
      return { key: v.key, value: secret ? "" : (v.value ?? ""), locked: Number(v.locked) === 1, secret };
    }),
    ...(version === 1 ? { projectBindings: { owner: null, references: [] } } : {}),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
