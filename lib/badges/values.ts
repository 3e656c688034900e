import type { ServiceStatus } from "@/lib/status/types";
import { pageBannerText, statusLabel } from "@/lib/status/labels";

/** What a badge says, before it is drawn (SVG) or served as shields.io endpoint JSON. */
export interface BadgeValue {
  label: string;
  message: string;
  /** a shields.io named colour, understood by badge-maker and by shields.io itself */
  color: string;
}

export const UPTIME_WINDOWS = { "24h": 1, "7d": 7, "30d": 30, "90d": 90 } as const;
export type UptimeWindow = keyof typeof UPTIME_WINDOWS;
export const isUptimeWindow = (w: string): w is UptimeWindow => Object.hasOwn(UPTIME_WINDOWS, w);

const STATUS_COLOR: Record<ServiceStatus, string> = {
  OPERATIONAL: "brightgreen",
  UNDER_MAINTENANCE: "blue",
  DEGRADED_PERFORMANCE: "yellow",
  PARTIAL_OUTAGE: "orange",
  MAJOR_OUTAGE: "red",
};

export function pageBadge(status: ServiceStatus): BadgeValue {
  return { label: "status", message: pageBannerText(status).toLowerCase(), color: STATUS_COLOR[status] };
}

export function serviceBadge(name: string, status: ServiceStatus): BadgeValue {
  return { label: name, message: statusLabel(status).toLowerCase(), color: STATUS_COLOR[status] };
}

/** Never rounds up to 100 %: 99.996 shows as 99.99 %, so a badge cannot hide an outage. */
export function formatUptime(uptime: number): string {
  if (uptime >= 100) return "100%";
  const floored = Math.floor(uptime * 100) / 100;
  return `${floored.toFixed(2).replace(/\.?0+$/, "")}%`;
}

export function uptimeColor(uptime: number): string {
  if (uptime >= 99.9) return "brightgreen";
  if (uptime >= 99) return "green";
  if (uptime >= 97) return "yellowgreen";
  if (uptime >= 95) return "yellow";
  if (uptime >= 90) return "orange";
  return "red";
}

export function uptimeBadge(window: UptimeWindow, uptime: number | null): BadgeValue {
  const label = `uptime ${window}`;
  if (uptime === null) return { label, message: "no data", color: "lightgrey" };
  return { label, message: formatUptime(uptime), color: uptimeColor(uptime) };
}
