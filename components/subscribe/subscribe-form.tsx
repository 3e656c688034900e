"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { withLang } from "@/lib/i18n/links";
import type { PageLocale } from "@/lib/time/locale";
import type { SubscribeState } from "@/lib/subscriptions/form";
import type { OfferedChannel } from "@/lib/subscriptions/channels-available";
import type { ScopeOption } from "@/lib/subscriptions/scope";
import { ScopeChoices } from "./scope-choices";

export interface SubscribeFormProps {
  action: (prev: SubscribeState, form: FormData) => Promise<SubscribeState>;
  /** from the channel registry (lib/notifications/channels), those the operator configured */
  channels: OfferedChannel[];
  services: ScopeOption[];
  base: string;
  /** the visitor's ?lang= to keep on links (null when it is the page's own) */
  lang?: PageLocale | null;
}

/*
 * The address field's label and hint follow the checked channel through CSS (:has), so they read right
 * without JavaScript too; one rule per channel of the registry, hoisted into <head> by React.
 */
function channelCss(channels: OfferedChannel[]): string {
  const rules = channels.map((ch) => `.subscribe-form:has(input[name="type"][value="${ch.type}"]:checked) [data-for="${ch.type}"]{display:inline}`);
  const contact = channels.filter((ch) => ch.contactEmail).map((ch) => `.subscribe-form:has(input[name="type"][value="${ch.type}"]:checked) [data-contact]{display:block}`);
  return `.subscribe-form [data-for],.subscribe-form [data-contact]{display:none}${rules.join("")}${contact.join("")}`;
}

/** The words next to a refused field; the field names it with aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="notice -mt-1 mb-3" role="alert" data-field-error>
      {message}
    </p>
  );
}

/**
 * Works as a plain form POST without JavaScript; with it, the answer appears without a page load. Words: lib/i18n
 * namespace `subscribe` (through the page's ClientMessages); the channels' own come translated in `channels`.
 */
/** The fields this form shows, each with a place for its own message. */
export const fieldsWithAPlace = (channels: readonly { contactEmail?: boolean }[], serviceOptions: number): Set<string> =>
  new Set(["type", "address", ...(channels.some((ch) => ch.contactEmail) ? ["contactEmail"] : []), ...(serviceOptions > 1 ? ["services"] : [])]);

/** A refusal naming none of the shown fields (the honeypot, a scope choice not offered, a rate limit) is said at the top, not nowhere. */
export const messageAtTop = (fields: readonly string[], shown: ReadonlySet<string>): boolean => !fields.some((f) => shown.has(f));

export function SubscribeForm({ action, channels, services, base, lang = null }: SubscribeFormProps) {
  const t = useTranslations("subscribe");
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as SubscribeState);
  const values: Record<string, string> = state.kind === "error" ? state.values : {};
  const selected = new Set((values.services ?? "").split(",").filter(Boolean));
  const [type, setType] = useState<string>(channels.some((c) => c.type === values.type) ? values.type : (channels[0]?.type ?? ""));
  const c = channels.find((ch) => ch.type === type) ?? channels[0];
  if (state.kind === "done") return <Done state={state} base={base} lang={lang} offered={channels.find((ch) => ch.type === state.type)} />;
  if (!c) return <p className="notice">{t("none")}</p>;
  const fieldErrors: Record<string, string> = state.kind === "error" ? (state.fieldErrors ?? {}) : {};
  const bad = (f: string) => fieldErrors[f] !== undefined;
  const described = (f: string, ...more: string[]) => [...(bad(f) ? [`subscribe-${f}-error`] : []), ...more].join(" ") || undefined;
  const atTop = state.kind === "error" && messageAtTop(state.fields, fieldsWithAPlace(channels, services.length));
  return (
    <form action={formAction} className="subscribe-form" noValidate>
      {state.kind === "error" && atTop && (
        <p className="notice" role="alert" id="subscribe-error">
          {state.message}
        </p>
      )}
      <style href={`hg-subscribe-${channels.map((ch) => ch.type).join("-")}`} precedence="heliograph">
        {channelCss(channels)}
      </style>
      <fieldset className="my-3 border-0 p-0" aria-invalid={bad("type") || undefined} aria-describedby={described("type")}>
        <legend className="font-semibold">{t("how")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {channels.map((ch) => (
            <label key={ch.type} className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <input type="radio" name="type" value={ch.type} defaultChecked={type === ch.type} onChange={() => setType(ch.type)} /> {ch.label}
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id="subscribe-type-error" message={fieldErrors.type} />
      <label className="field">
        {channels.map((ch) => (
          <span key={ch.type} data-for={ch.type}>
            {ch.field}
          </span>
        ))}
        <input
          name="address"
          type={c.inputType}
          required
          maxLength={2048}
          defaultValue={values.address}
          placeholder={c.placeholder}
          autoComplete={c.autoComplete}
          aria-invalid={bad("address") || undefined}
          aria-describedby={described("address", "subscribe-hint")}
        />
      </label>
      <FieldError id="subscribe-address-error" message={fieldErrors.address} />
      {/* Outside the label, so the field's name is the field's words alone; tied to it by aria-describedby. */}
      <small id="subscribe-hint" className="muted -mt-2 block">
        {channels.map((ch) => (
          <span key={ch.type} data-for={ch.type}>
            {ch.hint}
          </span>
        ))}
      </small>
      {channels.some((ch) => ch.contactEmail) && (
        <div data-contact>
          <label className="field">
            {t("contact")}
            <input name="contactEmail" type="email" maxLength={254} defaultValue={values.contactEmail} aria-invalid={bad("contactEmail") || undefined} aria-describedby={described("contactEmail")} />
          </label>
          <FieldError id="subscribe-contactEmail-error" message={fieldErrors.contactEmail} />
        </div>
      )}
      {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          {t("website")}
          <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {services.length > 1 && (
        <details className="my-3" open={selected.size > 0 || bad("services") || undefined}>
          <summary className="cursor-pointer">{t("some")}</summary>
          <p className="muted">{t("someHint")}</p>
          <FieldError id="subscribe-services-error" message={fieldErrors.services} />
          <ScopeChoices options={services} chosen={selected} allOfIt={t("allOfIt")} />
        </details>
      )}
      <button className="button" type="submit" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </button>
    </form>
  );
}

function Done({ state, base, lang, offered }: { state: Extract<SubscribeState, { kind: "done" }>; base: string; lang: PageLocale | null; offered: OfferedChannel | undefined }) {
  const t = useTranslations("subscribe");
  // Raw (unformatted) message: the address is put in between, in bold.
  const [before, after] = (offered?.done ?? t.raw("thanks")).split("{address}");
  return (
    <section className="panel" role="status" aria-live="polite">
      <p>
        {before}
        {after !== undefined && (
          <>
            <strong>{state.address}</strong>
            {after}
          </>
        )}
      </p>
      {state.smsRef && (
        <p>
          <a className="button" href={withLang(`${base}/confirm?sms=${encodeURIComponent(state.smsRef)}`, lang)}>
            {t("code")}
          </a>
        </p>
      )}
      {state.secret && (
        <>
          <p>
            {t("secret")}
            <br />
            <code className="break-all select-all">{state.secret}</code>
          </p>
          <p className="muted">{t("secretHint")}</p>
        </>
      )}
      <p>
        <a href={withLang(base || "/", lang)}>{t("backToPage")}</a>
      </p>
    </section>
  );
}
