import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Locked } from "@/components/access/locked";
import { getReadyDb } from "@/lib/db";
import { loadSite } from "@/lib/public-page/site";
import { scopeOptions } from "@/lib/subscriptions/scope";
import { availableChannels } from "@/lib/subscriptions/channels-available";
import { SubscribeForm } from "@/components/subscribe/subscribe-form";
import { subscribeAction } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  return site ? { title: "Subscribe to updates", robots: { index: false } } : {};
}

export default async function SubscribePage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  // unauthorized() needs an experimental flag in Next 16.4 and renders an empty body; the unlock form says more.
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="/subscribe" query={await searchParams} />;
  // What the page shows: a v1 page's services, a v3 page's groups and visible components.
  const services = await scopeOptions(await getReadyDb(), site.page);
  return (
    <section style={{ maxWidth: "36rem" }}>
      <p style={{ margin: "0 0 .5rem" }}>
        <a href={site.base || "/"}>← Current status</a>
      </p>
      <h1 className="page-title">Subscribe to updates</h1>
      <p className="description">Hear about incidents and maintenance of {site.page.name} as they happen. Every message has a link to change or end your subscription.</p>
      <SubscribeForm action={subscribeAction.bind(null, site.page.url)} channels={availableChannels()} services={services} base={site.base} />
    </section>
  );
}
