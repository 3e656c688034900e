"use client";
import { createContext, useActionState, useContext, useId, type ReactNode } from "react";
import type { FormState } from "@/lib/console/form-state";

type Action = (state: FormState, data: FormData) => Promise<FormState>;
const Ctx = createContext<{ state: FormState; pending: boolean }>({ state: {}, pending: false });

/**
 * A console form on a server action: works as a plain POST without JavaScript (React renders the action's result
 * into the next page) and, with it, stays on the page showing errors next to their fields.
 */
export function ActionForm({ action, submit, children, className, danger, label }: { action: Action; submit: string; children?: ReactNode; className?: string; danger?: boolean; label?: string }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className={className ?? "space-y-3"} aria-label={label}>
      <Ctx.Provider value={{ state, pending }}>
        {state.message ? (
          <p role={state.ok ? "status" : "alert"} className={`rounded border px-3 py-2 text-sm ${state.ok ? "border-green-700 text-green-800 dark:text-green-300" : "border-red-700 text-red-800 dark:text-red-300"}`}>
            {state.message}
          </p>
        ) : null}
        {state.secret ? (
          <p className="break-all rounded border border-amber-700 bg-amber-50 px-3 py-2 font-mono text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50" data-testid="secret">
            {state.secret}
          </p>
        ) : null}
        {children}
        <button type="submit" disabled={pending} className={`rounded px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${danger ? "bg-red-700 hover:bg-red-800" : "bg-blue-700 hover:bg-blue-800"}`}>
          {submit}
        </button>
      </Ctx.Provider>
    </form>
  );
}

export function useFieldError(name: string): string | undefined {
  return useContext(Ctx).state.fields?.[name];
}

const inputClass = "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-100";

export function Field({ name, label, type = "text", defaultValue, required, autoComplete, hint }: { name: string; label: string; type?: string; defaultValue?: string; required?: boolean; autoComplete?: string; hint?: string }) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <input id={id} name={name} type={type} defaultValue={defaultValue} required={required} autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? `${id}-d` : undefined} className={inputClass} />
      {error || hint ? <p id={`${id}-d`} className={`mt-1 text-sm ${error ? "text-red-800 dark:text-red-300" : "text-gray-700 dark:text-gray-300"}`}>{error ?? hint}</p> : null}
    </div>
  );
}

export function Select({ name, label, options, defaultValue }: { name: string; label: string; options: { value: string; label: string }[]; defaultValue?: string }) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-e` : undefined} className={inputClass}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error ? <p id={`${id}-e`} className="mt-1 text-sm text-red-800 dark:text-red-300">{error}</p> : null}
    </div>
  );
}
