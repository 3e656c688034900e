import { statusLabel, type ServiceStatus } from "@/lib/status";
import { StatusIcon } from "./status-icon";

export function StatusText({ status, className = "" }: { status: ServiceStatus; className?: string }) {
  return (
    <span className={`status-text s-${status} ${className}`} data-status={status}>
      <StatusIcon status={status} />
      {statusLabel(status)}
    </span>
  );
}
