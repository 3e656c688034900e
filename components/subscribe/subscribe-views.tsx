import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { pickMessages, translator } from "@/lib/i18n";
import { withLang } from "@/lib/i18n/links";
import type { ConfirmState, ManageState, SubscribeState } from "@/lib/subscriptions/form";
import type { OfferedChannel } from "@/lib/subscriptions/channels-available";
import type { ScopeOption } from "@/lib/subscriptions/scope";
import type { PageLocale } from "@/lib/time/locale";
import { ConfirmEmailForm, ManageForm, SmsCodeForm } from "./confirm-forms";
import { SubscribeForm } from "./subscribe-form";

/*
 * The bodies of the subscribe, confirm and manage pages, from plain values (the routes load them), so they render
 * the same in a test as under Next. Heliograph's words in `locale` (lib/i18n namespaces `subscribe`, `confirm`,
 * `manage`); the page's and the subscriber's own (name, address, components) as written.
 */

export interface SiteWords {
  pageName: string;
  base: string;
  /** the language shown: the visitor's ?lang= or the page's own */
  locale: PageLocale;
  /** the ?lang= links keep (null when it is the page's own) */
  lang: PageLocale | null;
}

type Action<S> = (prev: S, form: FormData) => Promise<S>;

/** The words the forms' client components read; the layout's provider carries only `client`, so this one adds theirs. */
function FormWords({ locale, children }: { locale: PageLocale; children: ReactNode }) {
  return (
    <ClientMessages locale={locale} messages={pickMessages(locale, ["client", "subscribe", "confirm", "manage"])}>
      {children}
    </ClientMessages>
  );
}

export function SubscribeView(p: SiteWords & { address: string; action: Action<SubscribeState>; channels: OfferedChannel[]; missing: string[]; services: ScopeOption[] }) {
  const t = translator(p.locale, "subscribe");
  return (
    <section className="max-w-xl" aria-labelledby="subscribe-title">
      <p className="mt-0 mb-2">
        <a href={withLang(p.base || "/", p.lang)}>{t("back")}</a>
      </p>
      <h1 id="subscribe-title" className="page-title">
        {t("title")}
      </h1>
      <p className="description">{t("intro", { name: p.pageName })}</p>
      <FormWords locale={p.locale}>
        <SubscribeForm action={p.action} channels={p.channels} services={p.services} base={p.base} lang={p.lang} />
      </FormWords>
      <section aria-labelledby="follow-ways" className="panel mt-8" data-follow-ways>
        <h2 id="follow-ways" className="mt-0 mb-2 text-lg font-bold text-title">
          {t("ways")}
        </h2>
        <dl className="m-0 grid gap-y-2 text-sm">
          <div>
            <dt className="font-semibold">{t("offered")}</dt>
            <dd className="m-0" data-offered>
              {p.channels.length > 0 ? p.channels.map((c) => c.label).join(", ") : "—"}
            </dd>
          </div>
          {p.missing.length > 0 && (
            <div>
              <dt className="font-semibold">{t("notOffered")}</dt>
              <dd className="m-0" data-not-offered>
                {p.missing.join(", ")}: {t("notOfferedWhy")}
              </dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">{t("readers")}</dt>
            <dd className="m-0">
              <ul className="my-1 flex list-none flex-wrap gap-x-4 gap-y-1 p-0">
                <li>
                  <a href={`${p.address}/feed.rss`} className="underline">
                    {t("rss")}
                  </a>
                </li>
                <li>
                  <a href={`${p.address}/feed.atom`} className="underline">
                    {t("atom")}
                  </a>
                </li>
                <li>
                  <a href={`${p.address}/maintenance.ics`} className="underline">
                    {t("ical")}
                  </a>
                </li>
              </ul>
              <span className="text-muted">{t("readersHint")}</span>
            </dd>
          </div>
        </dl>
      </section>
    </section>
  );
}

/** Opening the link changes nothing; the button does (link scanners must not confirm anyone). */
export function ConfirmView(p: SiteWords & { token: string; sms: string; emailAction: Action<ConfirmState>; smsAction: Action<ConfirmState> }) {
  const t = translator(p.locale, "confirm");
  return (
    <section className="max-w-xl">
      <h1 className="page-title">{t("title")}</h1>
      {p.token ? (
        <>
          <p className="description">{t("emailIntro", { name: p.pageName })}</p>
          <FormWords locale={p.locale}>
            <ConfirmEmailForm action={p.emailAction} token={p.token} base={p.base} lang={p.lang} />
          </FormWords>
        </>
      ) : p.sms ? (
        <>
          <p className="description">{t("smsIntro")}</p>
          <FormWords locale={p.locale}>
            <SmsCodeForm action={p.smsAction} smsRef={p.sms} base={p.base} lang={p.lang} />
          </FormWords>
        </>
      ) : (
        <p className="notice" role="alert">
          {t.rich("incomplete", { link: (chunks) => <a className="underline" href={withLang(`${p.base}/subscribe`, p.lang)}>{chunks}</a> })}
        </p>
      )}
    </section>
  );
}

/** The signed link from every message. Reading it changes nothing; the buttons do. */
export function ManageView(
  p: SiteWords & {
    token: string;
    /** null: the link is not valid (expired, or its subscription ended) */
    managed: { target: string; pending: boolean; services: ScopeOption[]; chosen: string[] | null; webhook: boolean } | null;
    action: Action<ManageState>;
  },
) {
  const t = translator(p.locale, "manage");
  const m = p.managed;
  return (
    <section className="max-w-xl">
      <h1 className="page-title">{t("title")}</h1>
      {!m ? (
        <p className="notice" role="alert">
          {t.rich("invalid", { link: (chunks) => <a className="underline" href={withLang(`${p.base}/subscribe`, p.lang)}>{chunks}</a> })}
        </p>
      ) : (
        <>
          <p className="description">{t.rich(m.pending ? "goesToPending" : "goesTo", { name: p.pageName, target: m.target, b: (chunks) => <strong>{chunks}</strong> })}</p>
          <FormWords locale={p.locale}>
            <ManageForm action={p.action} token={p.token} base={p.base} lang={p.lang} services={m.services} chosen={m.chosen} webhook={m.webhook} allOfIt={translator(p.locale, "subscribe")("allOfIt")} />
          </FormWords>
        </>
      )}
    </section>
  );
}
