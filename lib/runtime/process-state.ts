/**
 * State that must exist once per process, and the only module that touches globalThis. Next compiles a module into
 * every route chunk that imports it, Heliograph's own bundles hold another copy, and development reloads make more:
 * a module-level variable can exist several times in one process, a slot here exists once. Imports nothing.
 */

/** Every piece of process-wide state, by name: new state is named here, so this list is all of it. */
export type ProcessStateName =
  | "access-throttle"
  | "api-rate-limit"
  | "boot"
  | "console-auth"
  | "console-links"
  | "console-throttle"
  | "db"
  | "db-ready"
  | "generations"
  | "integration-stale-sweep"
  | "mail-budgets"
  | "metrics"
  | "notification-worker"
  | "og-renderer"
  | "ops"
  | "server-secret"
  | "signup-limiter"
  | "static-pages"
  | "tenants";

export interface ProcessSlot<T> {
  get(): T | undefined;
  /** Replaces the value (undefined empties the slot) and returns it. */
  set<V extends T | undefined>(value: V): V;
  /** The value, made by `create` when the slot is empty. */
  getOrCreate(create: () => T): T;
}

const STATE = Symbol.for("heliograph.process-state");

function store(): Map<ProcessStateName, unknown> {
  const g = globalThis as { [STATE]?: Map<ProcessStateName, unknown> };
  return (g[STATE] ??= new Map());
}

export function processSlot<T>(name: ProcessStateName): ProcessSlot<T> {
  const values = store();
  return {
    get: () => values.get(name) as T | undefined,
    set: (value) => {
      if (value === undefined) values.delete(name);
      else values.set(name, value);
      return value;
    },
    getOrCreate: (create) => {
      if (!values.has(name)) values.set(name, create());
      return values.get(name) as T;
    },
  };
}
