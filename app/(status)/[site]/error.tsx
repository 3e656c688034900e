"use client";

import { useTranslations } from "next-intl";

/**
 * Shown if rendering the page failed (e.g. the database is unreachable); no details of the error reach the
 * visitor. Inside the page's layout, so its words come from the layout's `client` messages (the page's language).
 */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("client");
  return (
    <section aria-labelledby="err-title">
      <h1 id="err-title" className="page-title">
        {t("errorTitle")}
      </h1>
      <p className="muted">{t("errorText")}</p>
      <button type="button" className="button" onClick={() => reset()}>
        {t("errorRetry")}
      </button>
    </section>
  );
}
