/** The PostgreSQL server the tests use; each file gets a schema of its own in it (store.ts). */
export const PG_BASE_URL = process.env.HELIOGRAPH_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
