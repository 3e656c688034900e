import Link from "next/link";
import { redirect } from "next/navigation";
import { ActionForm, Field } from "@/components/console/form";
import { currentOperator } from "@/lib/console/session";
import { safeNext } from "@/lib/console/form";
import { env } from "@/lib/env";
import { requestResetAction, signInAction } from "./actions";

const ERRORS: Record<string, string> = {
  link: "That sign-in link was already used or has expired. Ask for a new one.",
  not_invited: "That identity has not been invited to this server.",
};

export default async function SignIn({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const next = safeNext(q.next);
  if (await currentOperator()) redirect(next);
  const error = typeof q.error === "string" ? (ERRORS[q.error] ?? "Signing in did not work. Try again.") : null;
  return (
    <main className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Sign in to Heliograph</h1>
      {error ? <p role="alert" className="mb-4 rounded border border-red-700 px-3 py-2 text-sm text-red-800 dark:text-red-300">{error}</p> : null}
      <ActionForm action={signInAction} submit="Sign in" label="Sign in">
        <input type="hidden" name="next" value={next} />
        <Field name="email" label="E-mail" type="email" autoComplete="username" required />
        <Field name="password" label="Password" type="password" autoComplete="current-password" required />
      </ActionForm>
      {env.HELIOGRAPH_OIDC_ISSUER ? (
        <p className="mt-6">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a route handler that redirects to the provider */}
          <a href="/console/sign-in/oidc" className="inline-block rounded border border-gray-500 px-4 py-2 text-sm font-semibold">Sign in with single sign-on</a>
        </p>
      ) : null}
      <details className="mt-8">
        <summary className="cursor-pointer text-sm underline">Forgot your password?</summary>
        <div className="mt-3">
          <ActionForm action={requestResetAction} submit="E-mail me a link" label="Reset password">
            <Field name="email" label="E-mail" type="email" autoComplete="username" required />
          </ActionForm>
        </div>
      </details>
      <p className="mt-8 text-sm"><Link href="/" className="underline">Back to the server&apos;s home</Link></p>
    </main>
  );
}
