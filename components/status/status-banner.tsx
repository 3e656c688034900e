import { pageBannerText, type ServiceStatus } from "@/lib/status";
import { LocalTime } from "@/components/time/local-time";
import { StatusIcon } from "./status-icon";

/** The one-glance answer: the page's overall status in words, with its icon. */
export function StatusBanner({ status, generatedAt }: { status: ServiceStatus; generatedAt: number }) {
  return (
    <section className={`banner s-${status}`} aria-labelledby="overall-status" data-status={status}>
      <StatusIcon status={status} />
      <div>
        <h2 id="overall-status" className="banner-title">
          {pageBannerText(status)}
        </h2>
        <p className="banner-sub">
          As of <LocalTime ms={generatedAt} />
        </p>
      </div>
    </section>
  );
}
