"use client";

import { useActionState, useState } from "react";
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
}

/** Every word of the form's own, in one place (channel texts come from the channel registry). */
const TEXT = {
  none: "No way of notification is offered here.",
  how: "How should we tell you?",
  contact: "Contact e-mail (optional: we tell you if deliveries keep failing)",
  website: "Website",
  some: "Only some components? (default: all)",
  someHint: "Leave all unticked to hear about everything on this page.",
  subscribe: "Subscribe",
  pending: "Subscribing…",
  thanks: "Thank you. {address} will receive updates once it is confirmed.",
  code: "Enter the code",
  secret: "Signing secret — shown only now, keep it safe:",
  secretHint:
    "Verify each delivery's webhook-signature header with it (Standard Webhooks). If this URL was already subscribed, its existing secret stays in force and this one is not used.",
  back: "← Back to the status page",
} as const;

/*
 * The address field's label and hint follow the checked channel through CSS (:has), so they read right
 * without JavaScript too; one rule per channel of the registry, hoisted into <head> by React.
 */
function channelCss(channels: OfferedChannel[]): string {
  const rules = channels.map((ch) => `.subscribe-form:has(input[name="type"][value="${ch.type}"]:checked) [data-for="${ch.type}"]{display:inline}`);
  const contact = channels.filter((ch) => ch.contactEmail).map((ch) => `.subscribe-form:has(input[name="type"][value="${ch.type}"]:checked) [data-contact]{display:block}`);
  return `.subscribe-form [data-for],.subscribe-form [data-contact]{display:none}${rules.join("")}${contact.join("")}`;
}

/** Works as a plain form POST without JavaScript; with it, the answer appears without a page load. */
export function SubscribeForm({ action, channels, services, base }: SubscribeFormProps) {
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as SubscribeState);
  const values: Record<string, string> = state.kind === "error" ? state.values : {};
  const selected = new Set((values.services ?? "").split(",").filter(Boolean));
  const [type, setType] = useState<string>(channels.some((c) => c.type === values.type) ? values.type : (channels[0]?.type ?? ""));
  const c = channels.find((ch) => ch.type === type) ?? channels[0];
  if (state.kind === "done") return <Done state={state} base={base} offered={channels.find((ch) => ch.type === state.type)} />;
  if (!c) return <p className="notice">{TEXT.none}</p>;
  const bad = (f: string) => state.kind === "error" && state.fields.includes(f);
  return (
    <form action={formAction} className="subscribe-form" noValidate>
      {state.kind === "error" && (
        <p className="notice" role="alert" id="subscribe-error">
          {state.message}
        </p>
      )}
      <style href={`hg-subscribe-${channels.map((ch) => ch.type).join("-")}`} precedence="heliograph">
        {channelCss(channels)}
      </style>
      <fieldset className="my-3 border-0 p-0">
        <legend className="font-semibold">{TEXT.how}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {channels.map((ch) => (
            <label key={ch.type} className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <input type="radio" name="type" value={ch.type} defaultChecked={type === ch.type} onChange={() => setType(ch.type)} /> {ch.label}
            </label>
          ))}
        </div>
      </fieldset>
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
          aria-describedby={state.kind === "error" ? "subscribe-error subscribe-hint" : "subscribe-hint"}
        />
      </label>
      {/* Outside the label, so the field's name is the field's words alone; tied to it by aria-describedby. */}
      <small id="subscribe-hint" className="muted -mt-2 block">
        {channels.map((ch) => (
          <span key={ch.type} data-for={ch.type}>
            {ch.hint}
          </span>
        ))}
      </small>
      {channels.some((ch) => ch.contactEmail) && (
        <label className="field" data-contact>
          {TEXT.contact}
          <input name="contactEmail" type="email" maxLength={254} defaultValue={values.contactEmail} aria-invalid={bad("contactEmail") || undefined} />
        </label>
      )}
      {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          {TEXT.website}
          <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {services.length > 1 && (
        <details className="my-3" open={selected.size > 0 || undefined}>
          <summary className="cursor-pointer">{TEXT.some}</summary>
          <p className="muted">{TEXT.someHint}</p>
          <ScopeChoices options={services} chosen={selected} />
        </details>
      )}
      <button className="button" type="submit" disabled={pending}>
        {pending ? TEXT.pending : TEXT.subscribe}
      </button>
    </form>
  );
}

function Done({ state, base, offered }: { state: Extract<SubscribeState, { kind: "done" }>; base: string; offered: OfferedChannel | undefined }) {
  const [before, after] = (offered?.done ?? TEXT.thanks).split("{address}");
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
          <a className="button" href={`${base}/confirm?sms=${encodeURIComponent(state.smsRef)}`}>
            {TEXT.code}
          </a>
        </p>
      )}
      {state.secret && (
        <>
          <p>
            {TEXT.secret}
            <br />
            <code className="break-all select-all">{state.secret}</code>
          </p>
          <p className="muted">{TEXT.secretHint}</p>
        </>
      )}
      <p>
        <a href={base || "/"}>{TEXT.back}</a>
      </p>
    </section>
  );
}
