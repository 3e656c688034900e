import type { Insertable } from "kysely";
import { newId } from "@/lib/db/ids";
import type { CheckVariable, CheckVariablesTable } from "@/lib/db/types";
import { encryptSecret } from "@/lib/secrets/encryption";

export interface VariableIn {
  key: string;
  value: string | null;
  locked?: boolean;
  secret?: boolean;
}

/**
 * The rows of a full replacement of a check's (or group's) variables. A secret is stored only encrypted; a secret
 * sent back with value null (as reads answer it) keeps its stored value, and a secret stays one ("cannot be unset").
 */
export function variableRows(accountId: string, owner: { checkId: string } | { groupId: number }, input: readonly VariableIn[], existing: readonly CheckVariable[], at: number): Insertable<CheckVariablesTable>[] {
  const before = new Map(existing.map((v) => [v.key, v]));
  return input.map((v, position) => {
    const old = before.get(v.key);
    const wasSecret = old !== undefined && Number(old.secret) === 1;
    const secret = v.secret === true || wasSecret;
    const encrypted = secret ? (v.value === null && wasSecret ? old.value_encrypted : encryptSecret(v.value ?? "")) : null;
    return {
      id: newId(),
      account_id: accountId,
      check_id: "checkId" in owner ? owner.checkId : null,
      group_id: "groupId" in owner ? owner.groupId : null,
      key: v.key,
      value: secret ? null : (v.value ?? ""),
      value_encrypted: encrypted,
      locked: v.locked ? 1 : 0,
      secret: secret ? 1 : 0,
      position,
      created_at: old?.created_at ?? at,
      updated_at: at,
    };
  });
}
