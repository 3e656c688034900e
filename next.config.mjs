/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel builds (tests, benchmarks) use separate output folders.
  distDir: process.env.HELIOGRAPH_DIST_DIR || ".next",
  // Native drivers must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "pg", "pino", "ioredis", "nodemailer", "badge-maker", "request-filtering-agent"],
  poweredByHeader: false,
  // The front cache (lib/front-cache) owns public caching; Next keeps nothing in memory it might serve stale.
  cacheMaxMemorySize: 0,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      // Nothing may be framed except the embed widget (/<slug>/embed, or /embed on a custom domain).
      // The widget and the badges send their own CSP (which this header would replace) (issue 6).
      ...["/", "/:path((?!(?:[^/]+/)?embed$)(?!(?:.*/)?badge\\.svg$).+)"].map((source) => ({
        source,
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      })),
    ];
  },
};

export default nextConfig;
