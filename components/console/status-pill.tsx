import type { ServiceStatus } from "@/lib/status";

const STYLE: Record<ServiceStatus, [string, string]> = {
  OPERATIONAL: ["Operational", "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100"],
  DEGRADED_PERFORMANCE: ["Degraded performance", "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100"],
  PARTIAL_OUTAGE: ["Partial outage", "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100"],
  MAJOR_OUTAGE: ["Major outage", "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"],
  UNDER_MAINTENANCE: ["Under maintenance", "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100"],
};

export function StatusPill({ status }: { status: ServiceStatus }) {
  const [label, cls] = STYLE[status];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`} data-status={status}>{label}</span>;
}
