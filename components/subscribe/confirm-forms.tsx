"use client";

import { useActionState } from "react";
import type { ConfirmState, ManageState } from "@/lib/subscriptions/form";
import type { ScopeOption } from "@/lib/subscriptions/scope";
import { ScopeChoices } from "./scope-choices";

type Action<S> = (prev: S, form: FormData) => Promise<S>;

function Result({ state, base }: { state: ConfirmState; base: string }) {
  if (state.kind === "confirmed")
    return (
      <p role="status">
        You are subscribed. <a className="underline" href={base || "/"}>Back to the status page</a>
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
export function ConfirmEmailForm({ action, token, base }: { action: Action<ConfirmState>; token: string; base: string }) {
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as ConfirmState);
  if (state.kind === "confirmed") return <Result state={state} base={base} />;
  return (
    <form action={formAction}>
      <Result state={state} base={base} />
      <input type="hidden" name="token" value={token} />
      <button className="button" type="submit" disabled={pending}>
        Confirm my subscription
      </button>
    </form>
  );
}

export function SmsCodeForm({ action, smsRef, base }: { action: Action<ConfirmState>; smsRef: string; base: string }) {
  const [state, formAction, pending] = useActionState(action, { kind: "idle" } as ConfirmState);
  if (state.kind === "confirmed") return <Result state={state} base={base} />;
  return (
    <form action={formAction}>
      <Result state={state} base={base} />
      <input type="hidden" name="ref" value={smsRef} />
      <label className="field">
        6-digit code
        <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required />
      </label>
      <button className="button" type="submit" disabled={pending}>
        Confirm
      </button>
    </form>
  );
}

export function ManageForm(props: {
  action: Action<ManageState>;
  token: string;
  base: string;
  services: ScopeOption[];
  chosen: string[] | null;
  webhook: boolean;
}) {
  const [state, formAction, pending] = useActionState(props.action, { kind: "idle" } as ManageState);
  if (state.kind === "unsubscribed")
    return (
      <p role="status">
        You are unsubscribed and will get no more messages. <a className="underline" href={`${props.base}/subscribe`}>Subscribe again</a>
      </p>
    );
  const chosen = new Set(props.chosen ?? []);
  return (
    <>
      {state.kind === "saved" && <p role="status">Saved. You will hear about what you chose.</p>}
      {state.kind === "secret" && (
        <p role="status">
          New signing secret — shown only now; deliveries from now on are signed with it:
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
          <legend>What do you want to hear about?</legend>
          <label className="my-1 flex items-center gap-1.5">
            <input type="radio" name="scope" value="all" defaultChecked={props.chosen === null} /> Everything on this page
          </label>
          <label className="my-1 flex items-center gap-1.5">
            <input type="radio" name="scope" value="some" defaultChecked={props.chosen !== null} /> Only these:
          </label>
          <ScopeChoices options={props.services} chosen={chosen} indent />
        </fieldset>
        <button className="button" type="submit" name="intent" value="save" disabled={pending}>
          Save
        </button>{" "}
        <button type="submit" name="intent" value="unsubscribe" disabled={pending}>
          Unsubscribe
        </button>
        {props.webhook && (
          <>
            {" "}
            <button type="submit" name="intent" value="new-secret" disabled={pending}>
              New signing secret
            </button>
          </>
        )}
      </form>
    </>
  );
}
