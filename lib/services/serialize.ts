import type { z } from "zod";
import type { Service as ServiceRow } from "@/lib/db/types";
import { times } from "@/lib/http/wire";
import type { Service } from "./schema";

export function serializeService(row: ServiceRow): z.infer<typeof Service> {
  return { id: row.id, name: row.name, accountId: row.account_id, ...times(row) };
}
