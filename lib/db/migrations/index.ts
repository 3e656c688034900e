import type { Migration } from "kysely";
import * as m001 from "./001_initial";

/** Every migration, in order. A new one is a new file added here; none is ever edited after it ships. */
export const migrations: Record<string, Migration> = {
  "001_initial": m001,
};
