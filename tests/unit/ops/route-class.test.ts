import { describe, expect, it } from "vitest";
import { routeClass } from "@/lib/metrics/route-class";

describe("routeClass", () => {
  const cases: [string, string, boolean, string][] = [
    ["GET", "/acme", false, "page"],
    ["GET", "/acme?x=1", false, "page"],
    ["GET", "/acme/history", false, "page"],
    ["GET", "/acme/incidents/123", false, "page"],
    ["GET", "/acme/subscribe", false, "page"],
    ["GET", "/", false, "page"],
    ["GET", "/history", false, "page"],
    ["GET", "/acme", true, "private_page"],
    ["HEAD", "/acme/manage", true, "private_page"],
    ["GET", "/v1/status-pages", false, "api"],
    ["DELETE", "/v1/status-pages/x/keys/y", false, "api"],
    ["GET", "/openapi.json", false, "api"],
    ["GET", "/next/accounts/x", false, "api"],
    ["GET", "/next/users/me", false, "api"],
    ["GET", "/v2", false, "api"],
    ["POST", "/v3/status-pages", false, "api"],
    ["GET", "/nextdoor", false, "page"],
    ["GET", "/acme/embed", false, "embed"],
    ["GET", "/acme/embed.js", false, "embed"],
    ["GET", "/embed.js", false, "embed"],
    ["GET", "/acme/badge.svg", false, "embed"],
    ["GET", "/acme/services/s/uptime/30d/badge.json", false, "embed"],
    ["GET", "/acme/feed.rss", false, "embed"],
    ["GET", "/acme/history.atom", false, "embed"],
    ["GET", "/acme/api/v2/summary.json", false, "embed"],
    ["GET", "/acme/maintenance.ics", false, "embed"],
    ["GET", "/acme/incidents/1/og.png", false, "embed"],
    ["GET", "/og.png", false, "embed"],
    ["POST", "/acme/access", false, "form"],
    ["POST", "/acme/subscribe", false, "form"],
    ["POST", "/acme/manage/unsubscribe", false, "form"],
    ["POST", "/manage", false, "form"],
    ["GET", "/_next/static/chunks/app.js", false, "asset"],
    ["GET", "/favicon.ico", false, "asset"],
    ["GET", "/healthz", false, "ops"],
    ["GET", "/metrics", false, "ops"],
    ["GET", "/robots.txt", false, "other"],
    ["GET", "/acme/nothing/here", false, "other"],
    ["PUT", "/acme", false, "other"],
  ];
  it.each(cases)("%s %s (private response: %s) → %s", (method, path, priv, expected) => {
    expect(routeClass(method, path, priv)).toBe(expected);
  });
});
