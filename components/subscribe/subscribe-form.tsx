"use client";

import { useActionState, useState } from "react";
import type { SubscribeState } from "@/lib/subscriptions/form";

type Channel = "EMAIL" | "WEBHOOK" | "SLACK" | "SMS";

const CHANNELS: Record<Channel, { label: string; field: string; type: string; placeholder: string; hint: string }> = {
  EMAIL: { label: "E-mail", field: "E-mail address", type: "email", placeholder: "you@example.com", hint: "We send a link to confirm the address first." },
  WEBHOOK: { label: "Webhook", field: "Webhook URL", type: "url", placeholder: "https://example.com/hooks/status", hint: "JSON in the Statuspage format, signed per the Standard Webhooks spec." },
  SLACK: { label: "Slack", field: "Slack incoming-webhook URL", type: "url", placeholder: "https://hooks.slack.com/services/…", hint: "Messages go to the channel of the incoming webhook." },
  SMS: { label: "Text message", field: "Mobile number (with country code)", type: "tel", placeholder: "+14155550123", hint: "We text you a code to confirm the number." },
};

export interface SubscribeFormProps {
  action: (prev: SubscribeState, form: FormData) => Promise<SubscribeState>;
  channels: Channel[];
  services: { id: string; name: string }[];
  base: string;
}

// Radios and checkboxes sit outside the .field class, whose inputs are full-width text boxes.
const fieldset = { border: 0, padding: 0, margin: ".75rem 0" };
const choice = { display: "flex", gap: ".4rem", alignItems: "center", margin: ".2rem 0" };

/** Works as a plain form POST without JavaScript; with it, the answer appears without a page load. */
export function SubscribeForm({ action, channels, services, base }: SubscribeFormProps) {
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as SubscribeState);
  const values: Record<string, string> = state.kind === "error" ? state.values : {};
  const selected = new Set((values.services ?? "").split(",").filter(Boolean));
  const [type, setType] = useState<Channel>((channels.includes(values.type as Channel) ? values.type : channels[0]) as Channel);
  if (state.kind === "done") return <Done state={state} base={base} />;
  const bad = (f: string) => state.kind === "error" && state.fields.includes(f);
  const c = CHANNELS[type];
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
          <label key={ch} style={{ marginRight: "1.25rem", whiteSpace: "nowrap", display: "inline-flex", gap: ".35rem", alignItems: "center" }}>
            <input type="radio" name="type" value={ch} defaultChecked={type === ch} onChange={() => setType(ch)} /> {CHANNELS[ch].label}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{c.field}</span>
        <noscript>E-mail address, webhook or Slack URL, or mobile number (+country code)</noscript>
        <input
          name="address"
          type={c.type}
          required
          maxLength={2048}
          defaultValue={values.address}
          placeholder={c.placeholder}
          autoComplete={type === "EMAIL" ? "email" : type === "SMS" ? "tel" : "off"}
          aria-invalid={bad("address") || undefined}
          aria-describedby={state.kind === "error" ? "subscribe-error subscribe-hint" : "subscribe-hint"}
        />
        <small id="subscribe-hint" className="muted">{c.hint}</small>
      </label>
      {(type === "WEBHOOK" || type === "SLACK") && (
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
          <summary>Only some services? (default: all)</summary>
          <p className="muted">Leave all unticked to hear about every service.</p>
          {services.map((s) => (
            <label key={s.id} style={choice}>
              <input type="checkbox" name="services" value={s.id} defaultChecked={selected.has(s.id)} /> {s.name}
            </label>
          ))}
        </details>
      )}
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Subscribing…" : "Subscribe"}
      </button>
    </form>
  );
}

function Done({ state, base }: { state: Extract<SubscribeState, { kind: "done" }>; base: string }) {
  return (
    <section className="panel" role="status" aria-live="polite">
      {state.type === "EMAIL" && (
        <p>
          Check your inbox. Unless <strong>{state.address}</strong> is already subscribed, a confirmation link is on its way; it works for 24 hours.
        </p>
      )}
      {state.type === "SMS" && (
        <>
          <p>Unless this number is already subscribed, we are texting a 6-digit code to <strong>{state.address}</strong>.</p>
          <p>
            <a className="button" href={`${base}/confirm?sms=${encodeURIComponent(state.smsRef ?? "")}`}>
              Enter the code
            </a>
          </p>
        </>
      )}
      {state.type === "SLACK" && <p>We are posting a test message to the Slack channel. Updates start as soon as Slack accepts it.</p>}
      {state.type === "WEBHOOK" && (
        <>
          <p>We are sending a signed test delivery to <strong>{state.address}</strong>. Updates start as soon as it answers with a 2xx status.</p>
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
