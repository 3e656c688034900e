// Packages Node loads from node_modules at run time instead of having them bundled, by Next (next.config.mjs)
// and by Heliograph's own bundles (scripts/build-server.mjs): native drivers, pino (its transport runs in a
// worker thread that loads files by path), and packages whose one instance the server bundle and Next's route
// modules share in one process (prom-client's registry, ioredis, nodemailer's pool).
export const SERVER_EXTERNAL_PACKAGES = ["better-sqlite3", "pg", "pino", "ioredis", "nodemailer", "badge-maker", "request-filtering-agent", "prom-client"];
