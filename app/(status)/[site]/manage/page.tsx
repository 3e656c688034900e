import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { channelOf } from "@/lib/notifications/channels";
import { loadSite } from "@/lib/public-page/site";
import { getManagedSubscription } from "@/lib/subscriptions/self-service";
import { ManageForm } from "@/components/subscribe/confirm-forms";
import { manageAction } from "../subscribe/actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Your subscription", robots: { index: false } };

/** The signed link from every message. Reading it changes nothing; the buttons do. */
export default async function ManagePage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const q = await searchParams;
  const token = typeof q.token === "string" ? q.token.slice(0, 200) : "";
  const managed = token ? await getManagedSubscription(await getReadyDb(), site.page, token) : null;
  const s = managed?.subscriber;
  return (
    <section className="max-w-xl">
      <h1 className="page-title">Your subscription</h1>
      {/* Links die with the subscription they were sent for (unsubscribed, disabled) and 180 days after their message. */}
      {!managed || !s || s.unsubscribed_at !== null ? (
        <p className="notice" role="alert">
          This link is not valid: it has expired, or the subscription it was sent for has ended. Use the link from our latest message, or{" "}
          <a className="underline" href={`${site.base}/subscribe`}>subscribe again</a>.
        </p>
      ) : (
        <>
          <p className="description">
            Updates from {site.page.name} go to <strong>{s.target}</strong>
            {s.status === "PENDING" ? " once it is confirmed" : ""}.
          </p>
          <ManageForm action={manageAction.bind(null, site.page.url)} token={token} base={site.base} services={managed.services} chosen={managed.chosen} webhook={channelOf(s.channel).signed} />
        </>
      )}
    </section>
  );
}
