"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { withLang } from "@/lib/i18n/links";
import type { ConfirmState, ManageState } from "@/lib/subscriptions/form";
import type { ScopeOption } from "@/lib/subscriptions/scope";
import type { PageLocale } from "@/lib/time/locale";
import { ScopeChoices } from "./scope-choices";

/* Words: lib/i18n namespaces `confirm` and `manage` (through the page's ClientMessages); links keep the visitor's ?lang=. */

type Action<S> = (prev: S, form: FormData) => Promise<S>;
interface Links {
  base: string;
  /** the visitor's ?lang= to keep on links (null when it is the page's own) */
  lang?: PageLocale | null;
}

function Result({ state, base, lang = null }: { state: ConfirmState } & Links) {
  const t = useTranslations("confirm");
  if (state.kind === "confirmed")
    return (
      <p role="status">
        {t.rich("confirmed", {
          link: (chunks) => (
            <a className="underline" href={withLang(base || "/", lang)}>
              {chunks}
            </a>
          ),
        })}
      </p>
    );
  if (state.kind === "invalid")
    return (
      <p className="notice" role="alert">
        {state.message}
      </p>
    );
  return null;
}

/** A button, not the link itself, confirms: mail scanners that open links must not subscribe anyone. */
export function ConfirmEmailForm({ action, token, ...links }: { action: Action<ConfirmState>; token: string } & Links) {
  const t = useTranslations("confirm");
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as ConfirmState);
  if (state.kind === "confirmed") return <Result state={state} {...links} />;
  return (
    <form action={formAction}>
      <Result state={state} {...links} />
      <input type="hidden" name="token" value={token} />
      <button className="button" type="submit" disabled={pending}>
        {t("button")}
      </button>
    </form>
  );
}

export function SmsCodeForm({ action, smsRef, ...links }: { action: Action<ConfirmState>; smsRef: string } & Links) {
  const t = useTranslations("confirm");
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as ConfirmState);
  if (state.kind === "confirmed") return <Result state={state} {...links} />;
  return (
    <form action={formAction}>
      <Result state={state} {...links} />
      <input type="hidden" name="ref" value={smsRef} />
      <label className="field">
        {t("codeLabel")}
        <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required />
      </label>
      <button className="button" type="submit" disabled={pending}>
        {t("codeButton")}
      </button>
    </form>
  );
}

export function ManageForm(
  props: {
    action: Action<ManageState>;
    token: string;
    services: ScopeOption[];
    chosen: string[] | null;
    webhook: boolean;
    /** a group's "(all of it)", namespace `subscribe` */
    allOfIt: string;
  } & Links,
) {
  const t = useTranslations("manage");
  const [state, formAction, pending] = useActionState(props.action, { kind: "idle" } as ManageState);
  if (state.kind === "unsubscribed")
    return (
      <p role="status">
        {t.rich("unsubscribed", {
          link: (chunks) => (
            <a className="underline" href={withLang(`${props.base}/subscribe`, props.lang)}>
              {chunks}
            </a>
          ),
        })}
      </p>
    );
  const chosen = new Set(props.chosen ?? []);
  return (
    <>
      {state.kind === "saved" && <p role="status">{t("saved")}</p>}
      {state.kind === "secret" && (
        <p role="status">
          {t("secret")}
          <br />
          <code className="break-all select-all">{state.secret}</code>
        </p>
      )}
      {state.kind === "error" && (
        <p className="notice" role="alert">
          {state.message}
        </p>
      )}
      <form action={formAction}>
        <input type="hidden" name="token" value={props.token} />
        <fieldset className="my-3 border-0 p-0">
          <legend>{t("scope")}</legend>
          <label className="my-1 flex items-center gap-1.5">
            <input type="radio" name="scope" value="all" defaultChecked={props.chosen === null} /> {t("all")}
          </label>
          <label className="my-1 flex items-center gap-1.5">
            <input type="radio" name="scope" value="some" defaultChecked={props.chosen !== null} /> {t("some")}
          </label>
          <ScopeChoices options={props.services} chosen={chosen} allOfIt={props.allOfIt} indent />
        </fieldset>
        <button className="button" type="submit" name="intent" value="save" disabled={pending}>
          {t("save")}
        </button>{" "}
        <button type="submit" name="intent" value="unsubscribe" disabled={pending}>
          {t("unsubscribe")}
        </button>
        {props.webhook && (
          <>
            {" "}
            <button type="submit" name="intent" value="new-secret" disabled={pending}>
              {t("newSecret")}
            </button>
          </>
        )}
      </form>
    </>
  );
}
