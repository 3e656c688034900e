import type { StatusPage } from "@/lib/db/types";
import { ThemeToggle } from "@/components/theme/theme-toggle";

/** Logo (logoDark in the dark theme) or name; it links to the operator's site (redirectTo) when set. */
export function Brand({ page, base }: { page: StatusPage; base: string }) {
  const href = page.redirect_to ?? (base || "/");
  const hasDark = !!(page.logo && page.logo_dark);
  return (
    <a className={`brand${hasDark ? " has-dark" : ""}`} href={href}>
      {page.logo ? (
        <>
          {/* eslint-disable-next-line @next/next/no-img-element -- operator-hosted logos, any host */}
          <img className="logo-light" src={page.logo} alt={page.name} />
          {hasDark && (
            // eslint-disable-next-line @next/next/no-img-element
            <img className="logo-dark" src={page.logo_dark!} alt={page.name} />
          )}
        </>
      ) : (
        <span>{page.name}</span>
      )}
    </a>
  );
}

export function SiteHeader({ page, base, locked }: { page: StatusPage; base: string; locked: boolean }) {
  return (
    <header className="site-header">
      <div className="container">
        <Brand page={page} base={base} />
        <nav className="site-nav" aria-label="Status page">
          {!locked && (
            <>
              <a href={base || "/"}>Current status</a>
              <a href={`${base}/history`}>History</a>
              <a className="button" href={`${base}/subscribe`}>
                Subscribe to updates
              </a>
            </>
          )}
          <ThemeToggle pageDefault={page.default_theme} />
        </nav>
      </div>
    </header>
  );
}

/** The operator's footer text and legal links (v3 page fields, shown as written), then Heliograph's own line. */
export function SiteFooter({ page }: { page: Pick<StatusPage, "footer_text" | "privacy_policy_link" | "terms_of_service_link"> }) {
  const links = [
    { href: page.privacy_policy_link, label: "Privacy policy" },
    { href: page.terms_of_service_link, label: "Terms of service" },
  ].filter((l): l is { href: string; label: string } => !!l.href);
  return (
    <footer className="site-footer">
      <div className="container flex flex-col gap-2">
        {page.footer_text && <p className="m-0 whitespace-pre-line">{page.footer_text}</p>}
        {links.length > 0 && (
          <nav aria-label="Legal" className="flex flex-wrap gap-4">
            {links.map((l) => (
              <a key={l.label} href={l.href} rel="noopener noreferrer" className="underline">
                {l.label}
              </a>
            ))}
          </nav>
        )}
        <p className="m-0">Times are shown in your time zone (UTC without JavaScript). Powered by Heliograph.</p>
      </div>
    </footer>
  );
}
