import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ConfirmView } from "@/components/subscribe/subscribe-views";
import { translator } from "@/lib/i18n";
import { siteLang } from "@/lib/i18n/links";
import { loadSite } from "@/lib/public-page/site";
import { confirmEmailAction, confirmSmsAction } from "../subscribe/actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  return site ? { title: translator(site.locale, "confirm")("title"), robots: { index: false } } : {};
}

/** Opening the link changes nothing; the button does (link scanners must not confirm anyone). */
export default async function ConfirmPage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const q = await searchParams;
  const locale = site.locale;
  return (
    <ConfirmView
      pageName={site.page.name}
      base={site.base}
      locale={locale}
      lang={siteLang(site)}
      token={typeof q.token === "string" ? q.token.slice(0, 200) : ""}
      sms={typeof q.sms === "string" ? q.sms.slice(0, 200) : ""}
      emailAction={confirmEmailAction.bind(null, site.page.url, locale)}
      smsAction={confirmSmsAction.bind(null, site.page.url, locale)}
    />
  );
}
