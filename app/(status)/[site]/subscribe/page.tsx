import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Locked } from "@/components/access/locked";
import { getReadyDb } from "@/lib/db";
import { CHANNELS } from "@/lib/notifications/channels";
import { loadSite } from "@/lib/public-page/site";
import { scopeOptions } from "@/lib/subscriptions/scope";
import { availableChannels } from "@/lib/subscriptions/channels-available";
import { SubscribeForm } from "@/components/subscribe/subscribe-form";
import { subscribeAction } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every word of the page, in one place (channel names come from the channel registry). */
const TEXT = {
  title: "Subscribe to updates",
  back: "← Current status",
  intro: (name: string) => `Hear about incidents and maintenance of ${name} as they happen. Every message has a link to change or end your subscription.`,
  ways: "Every way to follow",
  offered: "Offered here",
  notOffered: "Not offered on this server",
  notOfferedWhy: "this server's operator has not set up what they need (a mail server, an SMS provider).",
  readers: "Without signing up",
  rss: "RSS feed",
  atom: "Atom feed",
  ical: "Maintenance calendar (iCal)",
  readersHint: "for feed readers and calendar apps; nothing to confirm, nothing stored about you.",
} as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  return site ? { title: TEXT.title, robots: { index: false } } : {};
}

export default async function SubscribePage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  // unauthorized() needs an experimental flag in Next 16.4 and renders an empty body; the unlock form says more.
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="/subscribe" query={await searchParams} />;
  // What the page shows: a v1 page's services, a v3 page's groups and visible components.
  const services = await scopeOptions(await getReadyDb(), site.page);
  const channels = availableChannels();
  const offered = new Set<string>(channels.map((c) => c.type));
  const missing = CHANNELS.filter((c) => !offered.has(c.type));
  const { base, address } = site;
  return (
    <section className="max-w-xl" aria-labelledby="subscribe-title">
      <p className="mt-0 mb-2">
        <a href={base || "/"}>{TEXT.back}</a>
      </p>
      <h1 id="subscribe-title" className="page-title">
        {TEXT.title}
      </h1>
      <p className="description">{TEXT.intro(site.page.name)}</p>
      <SubscribeForm action={subscribeAction.bind(null, site.page.url)} channels={channels} services={services} base={base} />
      <section aria-labelledby="follow-ways" className="panel mt-8" data-follow-ways>
        <h2 id="follow-ways" className="mt-0 mb-2 text-lg font-bold text-title">
          {TEXT.ways}
        </h2>
        <dl className="m-0 grid gap-y-2 text-sm">
          <div>
            <dt className="font-semibold">{TEXT.offered}</dt>
            <dd className="m-0" data-offered>
              {channels.length > 0 ? channels.map((c) => c.label).join(", ") : "—"}
            </dd>
          </div>
          {missing.length > 0 && (
            <div>
              <dt className="font-semibold">{TEXT.notOffered}</dt>
              <dd className="m-0" data-not-offered>
                {missing.map((c) => c.form.label).join(", ")}: {TEXT.notOfferedWhy}
              </dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">{TEXT.readers}</dt>
            <dd className="m-0">
              <ul className="my-1 flex list-none flex-wrap gap-x-4 gap-y-1 p-0">
                <li>
                  <a href={`${address}/feed.rss`} className="underline">
                    {TEXT.rss}
                  </a>
                </li>
                <li>
                  <a href={`${address}/feed.atom`} className="underline">
                    {TEXT.atom}
                  </a>
                </li>
                <li>
                  <a href={`${address}/maintenance.ics`} className="underline">
                    {TEXT.ical}
                  </a>
                </li>
              </ul>
              <span className="text-muted">{TEXT.readersHint}</span>
            </dd>
          </div>
        </dl>
      </section>
    </section>
  );
}
