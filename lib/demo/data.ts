import type { Severity, UpdateStatus } from "@/lib/db/types";
import type { ThemeColors } from "@/lib/status-pages/types";

export const DEMO_PAGE = { name: "Acme Cloud", url: "acme", description: "Live status of Acme Cloud's API, dashboard and data services." };

export const DEMO_CARDS: { name: string; services: string[] }[] = [
  { name: "Core platform", services: ["API", "Dashboard", "Authentication", "Webhooks"] },
  { name: "Data", services: ["Databases", "Object storage", "Analytics pipeline"] },
  { name: "Edge & delivery", services: ["CDN", "DNS", "Email delivery"] },
];

/** Analytics pipeline launched recently: its first bars show "no data" rather than a fake 100 %. */
export const RECENT_SERVICE = { name: "Analytics pipeline", ageDays: 40 };

export const DEMO_THEME: ThemeColors = {
  light: {
    bodyBackgroundColor: "#f7f8fa",
    headerBackgroundColor: "#1d2b53",
    headerFontColor: "#ffffff",
    titleFontColor: "#111827",
    bodyFontColor: "#1f2937",
    bodyFontColorMuted: "#4b5563",
    navigationFontColor: "#e5e7eb",
    linkFontColor: "#1d4ed8",
    cardBackgroundColor: "#ffffff",
    borderColor: "#d1d5db",
    primaryButtonBackgroundColor: "#1d4ed8",
    primaryButtonFontColor: "#ffffff",
  },
  dark: {
    bodyBackgroundColor: "#0b1020",
    headerBackgroundColor: "#111a33",
    headerFontColor: "#f9fafb",
    titleFontColor: "#f9fafb",
    bodyFontColor: "#e5e7eb",
    bodyFontColorMuted: "#a1a9b8",
    navigationFontColor: "#cbd5e1",
    linkFontColor: "#93c5fd",
    cardBackgroundColor: "#141c30",
    borderColor: "#2a3550",
    primaryButtonBackgroundColor: "#3b82f6",
    primaryButtonFontColor: "#0b1020",
  },
};

export interface DemoIncident {
  name: string;
  severity: Severity;
  services: string[];
  daysAgo: number;
  /** minutes after the start at which each update was posted, with its status and text */
  updates: { after: number; status: UpdateStatus; text: string }[];
}

export const HISTORY: DemoIncident[] = [
  {
    name: "Elevated API error rates", severity: "MAJOR", services: ["API"], daysAgo: 3,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "We are seeing elevated **5xx** rates on the public API in `eu-west-1` and are investigating." },
      { after: 18, status: "IDENTIFIED", text: "A faulty configuration push to the API gateway is the cause. We are rolling it back." },
      { after: 41, status: "MONITORING", text: "The rollback is complete and error rates are back to normal. We are monitoring." },
      { after: 95, status: "RESOLVED", text: "This incident is resolved. A post-mortem will follow." },
    ],
  },
  {
    name: "Delayed webhook deliveries", severity: "MEDIUM", services: ["Webhooks"], daysAgo: 9,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Webhook deliveries are delayed by up to 15 minutes." },
      { after: 35, status: "IDENTIFIED", text: "A backlog built up after a queue node failed over. Extra workers are draining it." },
      { after: 120, status: "RESOLVED", text: "The backlog is drained and deliveries are on time again. No events were lost." },
    ],
  },
  {
    name: "Dashboard login failures for SSO users", severity: "MAJOR", services: ["Authentication", "Dashboard"], daysAgo: 14,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Some users signing in with SSO see an error page." },
      { after: 22, status: "IDENTIFIED", text: "An expired signing certificate at our identity provider integration is the cause." },
      { after: 50, status: "RESOLVED", text: "The certificate has been rotated and SSO sign-in works again." },
    ],
  },
  {
    name: "Slow queries on shared database clusters", severity: "MINOR", services: ["Databases"], daysAgo: 21,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Query latency on shared clusters is higher than usual." },
      { after: 240, status: "RESOLVED", text: "A noisy neighbour was moved to a dedicated host. Latency is back to normal." },
    ],
  },
  {
    name: "CDN cache misses in Asia-Pacific", severity: "MEDIUM", services: ["CDN"], daysAgo: 27,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Visitors in Asia-Pacific see slower page loads." },
      { after: 30, status: "IDENTIFIED", text: "Two edge locations in Singapore are serving from origin. Traffic is being shifted." },
      { after: 75, status: "MONITORING", text: "Traffic is shifted and hit rates are recovering." },
      { after: 130, status: "RESOLVED", text: "Resolved." },
    ],
  },
  {
    name: "Email delivery delays to Outlook.com", severity: "MINOR", services: ["Email delivery"], daysAgo: 33,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Messages to Outlook.com addresses are being deferred." },
      { after: 180, status: "RESOLVED", text: "Outlook.com has lifted the temporary rate limit; queued messages were delivered." },
    ],
  },
  {
    name: "Object storage uploads failing", severity: "CRITICAL", services: ["Object storage", "API"], daysAgo: 41,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Uploads to object storage fail with a 503 error." },
      { after: 12, status: "IDENTIFIED", text: "A metadata shard lost quorum after a network partition." },
      { after: 47, status: "MONITORING", text: "Quorum is restored and uploads succeed. We are verifying data integrity." },
      { after: 160, status: "RESOLVED", text: "All checks passed; no data was lost." },
    ],
  },
  {
    name: "DNS resolution errors for custom domains", severity: "MAJOR", services: ["DNS"], daysAgo: 48,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Some custom domains do not resolve." },
      { after: 25, status: "IDENTIFIED", text: "A zone transfer job published an empty zone. We are republishing." },
      { after: 40, status: "RESOLVED", text: "Zones are republished and resolving everywhere." },
    ],
  },
  {
    name: "Dashboard charts not loading", severity: "MINOR", services: ["Dashboard"], daysAgo: 56,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Charts on the dashboard show a spinner indefinitely." },
      { after: 60, status: "RESOLVED", text: "A front-end release was rolled back; charts load again." },
    ],
  },
  {
    name: "Webhook signature verification failures", severity: "MEDIUM", services: ["Webhooks"], daysAgo: 63,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Some receivers report invalid webhook signatures." },
      { after: 45, status: "IDENTIFIED", text: "A clock skew on two senders produced stale timestamps." },
      { after: 70, status: "RESOLVED", text: "Clocks are synchronised; signatures verify again." },
    ],
  },
  {
    name: "API latency spike", severity: "MEDIUM", services: ["API"], daysAgo: 71,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "p99 latency of the API is above 2 s." },
      { after: 20, status: "MONITORING", text: "A hot partition was split; latency is falling." },
      { after: 55, status: "RESOLVED", text: "Latency is back to normal." },
    ],
  },
  {
    name: "Database failover in us-east-1", severity: "MAJOR", services: ["Databases", "API"], daysAgo: 84,
    updates: [
      { after: 0, status: "INVESTIGATING", text: "A primary database in us-east-1 became unreachable." },
      { after: 6, status: "IDENTIFIED", text: "Automatic failover to the standby is in progress." },
      { after: 19, status: "RESOLVED", text: "Failover completed; writes are accepted again." },
    ],
  },
];

/** The incident that is still open when the demo starts. */
export const ONGOING: DemoIncident = {
  name: "Analytics pipeline running behind",
  severity: "MEDIUM",
  services: ["Analytics pipeline"],
  daysAgo: 0,
  updates: [
    { after: -95, status: "INVESTIGATING", text: "Analytics events are being processed with a delay of about 30 minutes. Raw data is safe." },
    { after: -60, status: "IDENTIFIED", text: "A schema migration slowed down the ingestion workers. We are scaling them out." },
    { after: -20, status: "MONITORING", text: "The backlog is shrinking; we expect to be caught up within the hour." },
  ],
};
