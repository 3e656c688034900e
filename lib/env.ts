import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

import { ConfigError } from "@/lib/errors/config-error";
import { PUBLIC_LOCATIONS } from "@/lib/locations";

export { ConfigError };

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1" || v === "yes"));

const databaseUrl = z
  .string()
  .optional()
  .refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v), {
    message: "must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite store)",
  })
  .refine(
    (v) => {
      if (v === undefined) return true;
      try {
        new URL(v);
        return true;
      } catch {
        return false;
      }
    },
    { message: "is not a valid URL" },
  );

/** A DNS server as node:dns takes it: an IPv4 or IPv6 address, optionally with a port (192.0.2.1:53, [2001:db8::1]:53). */
function isDnsServer(entry: string): boolean {
  const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([^:]+)(?::(\d{1,5}))?$/.exec(entry);
  const [host, port] = m ? [m[1], m[2]] : [entry, undefined];
  const ip = z.ipv4().safeParse(host).success || z.ipv6().safeParse(host).success;
  return ip && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

const url = z.url({ protocol: /^https?$/ });
const limit = (fallback: number) => z.coerce.number().int().min(1).max(10_000_000).default(fallback);

export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOSTNAME: z.string().default("0.0.0.0"),
    /** Public base URL of this server: links in emails and feeds are built from it, never from request headers. */
    HELIOGRAPH_PUBLIC_URL: url.default("http://localhost:3000"),
    /** Behind a reverse proxy, X-Forwarded-Host names the host the visitor asked for. */
    HELIOGRAPH_TRUST_PROXY: bool(false),
    /** Where `/` on the primary host redirects; empty = a plain landing page. */
    HELIOGRAPH_ROOT_REDIRECT: url.optional(),
    /** Shared servers: a custom domain serves only once a DNS TXT record proves its page's owner controls it. */
    HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION: bool(false),
    /** Comma-separated DNS servers the verification TXT records are read from; unset = the system's resolvers. */
    HELIOGRAPH_DNS_SERVERS: z
      .string()
      .optional()
      .transform((v) => v?.split(",").map((s) => s.trim()).filter(Boolean))
      .refine((list) => list === undefined || list.every(isDnsServer), "must be comma-separated IP addresses, each with an optional :port"),
    /** Signs cookies and links. Generated once and stored in the database when unset. */
    HELIOGRAPH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DATABASE_URL: databaseUrl,
    HELIOGRAPH_SQLITE_PATH: z.string().default("./data/heliograph.db"),
    HELIOGRAPH_DEMO: bool(true),
    /** Run the notification worker inside the web process (the embedded default). */
    HELIOGRAPH_WORKER: bool(true),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
      .optional(),
    HELIOGRAPH_FRONT_CACHE_MB: z.coerce.number().min(0).max(65536).default(256),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_FROM: z.string().default("Heliograph <status@localhost>"),
    /** true = implicit TLS (port 465); false = STARTTLS when the server offers it. */
    SMTP_SECURE: bool(false),
    SMS_API_BASE_URL: url.optional(),
    SMS_ACCOUNT_SID: z.string().optional(),
    SMS_AUTH_TOKEN: z.string().optional(),
    SMS_FROM: z.string().optional(),
    /** Comma-separated hosts or CIDRs that outbound webhooks may reach despite the SSRF guard (tests, internal receivers). */
    HELIOGRAPH_OUTBOUND_ALLOWLIST: z.string().default(""),
    // Management API: requests per window per API key, and where the counters live.
    HELIOGRAPH_API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    HELIOGRAPH_API_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** memory (one instance), redis (default when REDIS_URL is set) or postgres (needs DATABASE_URL). */
    HELIOGRAPH_RATE_LIMIT_STORE: z.enum(["memory", "redis", "postgres"]).optional(),
    // Per-account limits, reported by GET /v1/accounts/me/entitlements and answered 402 when reached (lib/accounts/entitlements.ts).
    HELIOGRAPH_LIMIT_STATUS_PAGES: limit(100),
    HELIOGRAPH_LIMIT_SERVICES: limit(1000),
    HELIOGRAPH_LIMIT_MAINTENANCE_WINDOWS: limit(1000),
    HELIOGRAPH_LIMIT_API_KEYS: limit(50),
    HELIOGRAPH_LIMIT_INTEGRATIONS: limit(100),
    HELIOGRAPH_LIMIT_AUTOMATION_RULES: limit(500),
    /** confirmation e-mails an account's sign-ups may queue per hour (counted in HELIOGRAPH_RATE_LIMIT_STORE) */
    HELIOGRAPH_LIMIT_VERIFICATION_EMAILS_PER_HOUR: limit(500),
    /** incident and maintenance e-mails the worker sends per account per hour; the rest are recorded dead, not sent */
    HELIOGRAPH_LIMIT_ALERT_EMAILS_PER_HOUR: limit(10_000),
    // Front cache: expiry of unchanged entries, and the Redis key prefix shared by all instances.
    /** Time-based refresh of cached public responses (explicit invalidation is immediate; also capped at the next UTC quarter hour). */
    HELIOGRAPH_FRONT_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Prefix of the generation keys and pub/sub channel in Redis (one per deployment sharing a Redis). */
    HELIOGRAPH_REDIS_PREFIX: z.string().min(1).default("heliograph:"),
    /** Benchmarks: answer GET /_heliograph/front-cache from loopback with the cache's counters. */
    HELIOGRAPH_FRONT_CACHE_STATS: bool(false),
    // Notification worker: a claimed delivery not finished within the lease is taken again by any worker.
    HELIOGRAPH_WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    HELIOGRAPH_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(64),
    /** deliveries in flight per destination host, so one slow receiver never holds up the others */
    HELIOGRAPH_WORKER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    // Embeds: how often an open status page polls its JSON; shortened only by tests.
    HELIOGRAPH_LIVE_REFRESH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    // Operations: /metrics for non-loopback scrapers, and how long SIGTERM waits for work in flight.
    /** Bearer token that opens /metrics to clients other than loopback; unset = loopback only. */
    HELIOGRAPH_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** On SIGTERM: how long in-flight requests and claimed deliveries may take before the process exits anyway. */
    HELIOGRAPH_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    // Stored secrets (check variables, TOTP, the console's session secret): one key, never inside the database it protects.
    /** 32 bytes as 64 hex characters or base64; on SQLite generated beside the database file when unset, on PostgreSQL required. */
    HELIOGRAPH_ENCRYPTION_KEY: z.string().min(32, "must be 32 bytes as 64 hex characters or base64").optional(),
    // Monitoring: the public location this server's runner serves, and how its runner claims and keeps work.
    HELIOGRAPH_LOCATION: z.enum(PUBLIC_LOCATIONS).default("eu-central-1"),
    /** run the check runner inside the server (off when runners run as their own processes: npm run runner) */
    HELIOGRAPH_RUNNER: bool(true),
    HELIOGRAPH_RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(4096).default(256),
    HELIOGRAPH_RUNNER_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    /** raw check results are kept this many days (roll-ups are kept longer) */
    HELIOGRAPH_RESULTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** let checks reach cloud metadata addresses (169.254.169.254, fd00:ec2::254, metadata.google.internal …) */
    HELIOGRAPH_CHECKS_ALLOW_METADATA: bool(false),
    HELIOGRAPH_LIMIT_CHECKS: limit(1000),
    HELIOGRAPH_LIMIT_CHECK_GROUPS: limit(100),
    HELIOGRAPH_LIMIT_CHECK_VARIABLES: limit(100),
    // Console sign-in with OpenID Connect; ALLOWED_DOMAINS lists domain=accountId pairs, comma-separated.
    HELIOGRAPH_OIDC_ISSUER: url.optional(),
    HELIOGRAPH_OIDC_CLIENT_ID: z.string().min(1).optional(),
    HELIOGRAPH_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    HELIOGRAPH_OIDC_ALLOWED_DOMAINS: z.string().default(""),
  },
  client: {},
  experimental__runtimeEnv: {},
  emptyStringAsUndefined: true,
  onValidationError: (issues) => {
    const lines = issues.map((i) => `${i.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".")} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  },
});
