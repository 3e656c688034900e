import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadSite } from "@/lib/public-page/site";
import { ConfirmEmailForm, SmsCodeForm } from "@/components/subscribe/confirm-forms";
import { confirmEmailAction, confirmSmsAction } from "../subscribe/actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false } };

/** Opening the link changes nothing; the button does (link scanners must not confirm anyone). */
export default async function ConfirmPage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const q = await searchParams;
  const token = typeof q.token === "string" ? q.token.slice(0, 200) : "";
  const sms = typeof q.sms === "string" ? q.sms.slice(0, 200) : "";
  return (
    <section className="max-w-xl">
      <h1 className="page-title">Confirm your subscription</h1>
      {token ? (
        <>
          <p className="description">Confirm that you want status updates from {site.page.name} by e-mail.</p>
          <ConfirmEmailForm action={confirmEmailAction.bind(null, site.page.url)} token={token} base={site.base} />
        </>
      ) : sms ? (
        <>
          <p className="description">Enter the code we texted you.</p>
          <SmsCodeForm action={confirmSmsAction.bind(null, site.page.url)} smsRef={sms} base={site.base} />
        </>
      ) : (
        <p className="notice" role="alert">
          This link is incomplete. Open the link from the confirmation message, or <a className="underline" href={`${site.base}/subscribe`}>subscribe again</a>.
        </p>
      )}
    </section>
  );
}
