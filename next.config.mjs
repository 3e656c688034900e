import { BASE_SECURITY_HEADERS, CONSOLE_HEADERS, PAGE_CSP, RESOURCE_CSP } from "./lib/http/security-headers.mjs";
import { SERVER_EXTERNAL_PACKAGES } from "./scripts/build.mjs";

// The test and benchmark harness's build (tests/e2e/harness.ts): `npm run typecheck` checks types over the whole tree,
// and a clean run never reads Turbopack's build cache back, so neither is worth its minute there.
const harnessBuild = process.env.HELIOGRAPH_HARNESS_BUILD === "1";

const headerList = (record) => Object.entries(record).map(([key, value]) => ({ key, value }));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel builds (tests, benchmarks) use separate output folders.
  distDir: process.env.HELIOGRAPH_DIST_DIR || ".next",
  // Loaded by Node at run time, not bundled (why: scripts/build.mjs).
  serverExternalPackages: SERVER_EXTERNAL_PACKAGES,
  poweredByHeader: false,
  // The front cache (lib/front-cache) owns public caching; Next keeps nothing in memory it might serve stale.
  cacheMaxMemorySize: 0,
  typescript: { ignoreBuildErrors: harnessBuild },
  experimental: {
    ...(harnessBuild ? { turbopackFileSystemCacheForBuild: false } : {}),
    // Next loads every route's server bundle at start by default: ~16 MB of JavaScript (each route handler with its
    // own copy of the shared libraries), held whether asked for or not. On first use instead: the demo page's first
    // answer comes in about half the time, and a server answering only pages and badges never holds the rest.
    preloadEntriesOnStart: false,
  },
  async headers() {
    // Later rules win for the same header (Next's order): resources override the page policy.
    return [
      { source: "/:path*", headers: headerList(BASE_SECURITY_HEADERS) },
      // Nothing may be framed except the embed widget (/<slug>/embed, or /embed on a custom domain).
      // The widget and the SVG badges send their own CSP, which this header would replace.
      ...["/", "/:path((?!(?:[^/]+/)?embed$)(?!(?:.*/)?badge\\.svg$).+)"].map((source) => ({
        source,
        headers: [
          { key: "Content-Security-Policy", value: PAGE_CSP },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      })),
      ...["/v1/:path*", "/v2/:path*", "/v3/:path*", "/next/:path*", "/openapi.json", "/:path(.*\\.(?:json|rss|atom|ics|png|js))"].map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: RESOURCE_CSP }],
      })),
      ...["/console", "/console/:path*"].map((source) => ({ source, headers: headerList(CONSOLE_HEADERS) })),
    ];
  },
};

export default nextConfig;
