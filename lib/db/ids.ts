import { randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL rejects a malformed uuid in a query; lookups check first and treat it as "not found". */
export const isUuid = (value: string): boolean => UUID.test(value);
