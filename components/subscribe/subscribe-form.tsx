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

// Radios and checkboxes sit outside the .field class, whose inputs are full-width text boxes.
const fieldset = { border: 0, padding: 0, margin: ".75rem 0" };

/** Works as a plain form POST without JavaScript; with it, the answer appears without a page load. */
export function SubscribeForm({ action, channels, services, base }: SubscribeFormProps) {
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as SubscribeState);
  const values: Record<string, string> = state.kind === "error" ? state.values : {};
  const selected = new Set((values.services ?? "").split(",").filter(Boolean));
  const [type, setType] = useState<string>(channels.some((c) => c.type === values.type) ? values.type : (channels[0]?.type ?? ""));
  const c = channels.find((ch) => ch.type === type) ?? channels[0];
  if (state.kind === "done") return <Done state={state} base={base} offered={channels.find((ch) => ch.type === state.type)} />;
  if (!c) return <p className="notice">No way of notification is offered here.</p>;
  const bad = (f: string) => state.kind === "error" && state.fields.includes(f);
  return (
    <form action={formAction} className="subscribe-form" noValidate>
      {state.kind === "error" && (
        <p className="notice" role="alert" id="subscribe-error">
          {state.message}
        </p>
      )}
      <fieldset style={fieldset}>
        <legend>How should we tell you?</legend>
        {channels.map((ch) => (
          <label key={ch.type} style={{ marginRight: "1.25rem", whiteSpace: "nowrap", display: "inline-flex", gap: ".35rem", alignItems: "center" }}>
            <input type="radio" name="type" value={ch.type} defaultChecked={type === ch.type} onChange={() => setType(ch.type)} /> {ch.label}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{c.field}</span>
        <noscript>{channels.map((ch) => ch.field).join(", or ")}</noscript>
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
        <small id="subscribe-hint" className="muted">{c.hint}</small>
      </label>
      {c.contactEmail && (
        <label className="field">
          Contact e-mail (optional: we tell you if deliveries keep failing)
          <input name="contactEmail" type="email" maxLength={254} defaultValue={values.contactEmail} aria-invalid={bad("contactEmail") || undefined} />
        </label>
      )}
      {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: "1px", height: "1px", overflow: "hidden" }}>
        <label>
          Website
          <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {services.length > 1 && (
        <details style={{ margin: ".75rem 0" }} open={selected.size > 0 || undefined}>
          <summary>Only some components? (default: all)</summary>
          <p className="muted">Leave all unticked to hear about everything on this page.</p>
          <ScopeChoices options={services} chosen={selected} />
        </details>
      )}
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Subscribing…" : "Subscribe"}
      </button>
    </form>
  );
}

function Done({ state, base, offered }: { state: Extract<SubscribeState, { kind: "done" }>; base: string; offered: OfferedChannel | undefined }) {
  const [before, after] = (offered?.done ?? "Thank you. {address} will receive updates once it is confirmed.").split("{address}");
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
            Enter the code
          </a>
        </p>
      )}
      {state.secret && (
        <>
          <p>
            Signing secret — shown only now, keep it safe:
            <br />
            <code style={{ userSelect: "all", wordBreak: "break-all" }}>{state.secret}</code>
          </p>
          <p className="muted">
            Verify each delivery&apos;s webhook-signature header with it (Standard Webhooks). If this URL was already subscribed, its existing secret stays in force and this one is not used.
          </p>
        </>
      )}
      <p>
        <a href={base || "/"}>← Back to the status page</a>
      </p>
    </section>
  );
}
