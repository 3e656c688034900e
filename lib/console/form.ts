import "server-only";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { env } from "@/lib/env";
import { AppError, ForbiddenError, ValidationError } from "@/lib/errors";
import { log } from "@/lib/log";

import type { FormState } from "./form-state";

export type { FormState };

/**
 * Every state-changing request names this server as its origin (browsers send Origin on every POST), compared
 * with the configured public address, never with the request's own Host.
 */
export async function assertSameOrigin(): Promise<void> {
  const origin = (await headers()).get("origin");
  if (origin !== new URL(env.HELIOGRAPH_PUBLIC_URL).origin) throw new ForbiddenError("This request did not come from this server's console");
}

/** A form's fields as one object (repeated names become arrays), validated by the API's own zod schema. */
export function parseForm<S extends z.ZodType>(schema: S, data: FormData | Record<string, unknown>): z.output<S> {
  const raw = data instanceof FormData ? formObject(data) : data;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
  throw new ValidationError("Some fields need another look", { formFields: fields });
}

export function formObject(data: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of data.entries()) {
    if (k.startsWith("$ACTION")) continue;
    if (typeof v !== "string") continue;
    out[k] = k in out ? [...(Array.isArray(out[k]) ? (out[k] as unknown[]) : [out[k]]), v] : v;
  }
  return out;
}

/** Runs an action: redirects pass through, known failures become the form's message, anything else a generic one. */
export async function runAction(body: () => Promise<FormState | void>): Promise<FormState> {
  try {
    await assertSameOrigin();
    return (await body()) ?? { ok: true };
  } catch (err) {
    unstable_rethrow(err);
    if (err instanceof AppError) {
      const formFields = err.attributes.formFields as Record<string, string> | undefined;
      const field = typeof err.attributes.field === "string" ? { [err.attributes.field]: err.message } : undefined;
      return { ok: false, message: err.message, fields: formFields ?? field };
    }
    log.error({ err: (err as Error)?.message }, "console action failed");
    return { ok: false, message: "Something went wrong on the server; nothing was changed that you were not told of. Try again." };
  }
}

/** Only this server's own console paths may follow a sign-in (no open redirects). */
export function safeNext(value: unknown): string {
  return typeof value === "string" && /^\/console(?:[/?#]|$)/.test(value) && !value.includes("//") && !value.includes("\\") ? value : "/console";
}
