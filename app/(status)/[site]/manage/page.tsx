import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ManageView } from "@/components/subscribe/subscribe-views";
import { getReadyDb } from "@/lib/db";
import { translator } from "@/lib/i18n";
import { siteLang } from "@/lib/i18n/links";
import { channelOf } from "@/lib/notifications/channels";
import { loadSite } from "@/lib/public-page/site";
import { getManagedSubscription } from "@/lib/subscriptions/self-service";
import { manageAction } from "../subscribe/actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  return site ? { title: translator(site.locale, "manage")("title"), robots: { index: false } } : {};
}

/** The signed link from every message. Reading it changes nothing; the buttons do. */
export default async function ManagePage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const q = await searchParams;
  const token = typeof q.token === "string" ? q.token.slice(0, 200) : "";
  const managed = token ? await getManagedSubscription(await getReadyDb(), site.page, token) : null;
  const s = managed?.subscriber;
  const locale = site.locale;
  return (
    <ManageView
      pageName={site.page.name}
      base={site.base}
      locale={locale}
      lang={siteLang(site)}
      token={token}
      // Links die with the subscription they were sent for (unsubscribed, disabled) and 180 days after their message.
      managed={managed && s && s.unsubscribed_at === null ? { target: s.target, pending: s.status === "PENDING", services: managed.services, chosen: managed.chosen, webhook: channelOf(s.channel).signed } : null}
      action={manageAction.bind(null, site.page.url, locale)}
    />
  );
}
