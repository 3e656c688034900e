import type { Migration } from "kysely";
import * as m001 from "./001_initial";
import * as m002 from "./002_notifications";

/** Every migration, in order. A new one is a new file added here; none is ever edited after it ships. */
export const migrations: Record<string, Migration> = {
  "001_initial": m001,
  "002_notifications": m002,
};
