import { statusLabel } from "@/lib/status/labels";
import type { ServiceStatus } from "@/lib/status";
import { StatusIcon } from "./status-icon";
import type { PageLocale } from "@/lib/time/locale";

export function StatusText({ status, className = "", locale = "en" }: { status: ServiceStatus; className?: string; locale?: PageLocale }) {
  return (
    <span className={className ? `status-text s-${status} ${className}` : `status-text s-${status}`} data-status={status}>
      <StatusIcon status={status} />
      {statusLabel(status, locale)}
    </span>
  );
}
