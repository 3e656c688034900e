import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Locked } from "@/components/access/locked";
import { SubscribeView } from "@/components/subscribe/subscribe-views";
import { getReadyDb } from "@/lib/db";
import { translator } from "@/lib/i18n";
import { siteLang } from "@/lib/i18n/links";
import { CHANNELS } from "@/lib/notifications/channels";
import { loadSite } from "@/lib/public-page/site";
import { scopeOptions } from "@/lib/subscriptions/scope";
import { availableChannels, channelLabel } from "@/lib/subscriptions/channels-available";
import { subscribeAction } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  return site ? { title: translator(site.locale, "subscribe")("title"), robots: { index: false } } : {};
}

/** Words: lib/i18n namespace `subscribe` and the channels' (components/subscribe/subscribe-views.tsx). */
export default async function SubscribePage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const locale = site.locale;
  // unauthorized() needs an experimental flag in Next 16.4 and renders an empty body; the unlock form says more.
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="/subscribe" query={await searchParams} locale={locale} lang={siteLang(site)} />;
  // What the page shows: a v1 page's services, a v3 page's groups and visible components.
  const services = await scopeOptions(await getReadyDb(), site.page);
  const channels = availableChannels(locale);
  const offered = new Set<string>(channels.map((c) => c.type));
  const missing = CHANNELS.filter((c) => !offered.has(c.type)).map((c) => channelLabel(c, locale));
  return (
    <SubscribeView
      pageName={site.page.name}
      base={site.base}
      address={site.address}
      locale={locale}
      lang={siteLang(site)}
      action={subscribeAction.bind(null, site.page.url, locale)}
      channels={channels}
      missing={missing}
      services={services}
    />
  );
}
