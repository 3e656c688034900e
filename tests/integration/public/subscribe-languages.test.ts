/**
 * The rest of Heliograph's words in the page's language: the subscribe, confirm and manage pages, their field errors,
 * the confirmation e-mail (against the in-process SMTP peer), the unlock form and its answers, "not found",
 * the widget, and links that keep a visitor's ?lang=. German by the page's locale, Japanese by ?lang=.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { POST as unlock } from "@/app/(status)/[site]/access/route";
import { POST as unsubscribePost } from "@/app/(status)/[site]/manage/unsubscribe/route";
import { Locked } from "@/components/access/locked";
import { IncidentLine } from "@/components/incident/incident-parts";
import { NotFoundContent } from "@/components/site/not-found-content";
import { SiteHeader } from "@/components/site/site-chrome";
import { ConfirmView, ManageView, SubscribeView, type SiteWords } from "@/components/subscribe/subscribe-views";
import { configureAccessThrottle } from "@/lib/access/throttle";
import { renderWidget } from "@/lib/embed/widget";
import { incidentImageElement, ogLocale } from "@/lib/og/render";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { severityLabel } from "@/lib/status";
import { siteLang } from "@/lib/i18n/links";
import { pickMessages } from "@/lib/i18n";
import { ClientMessages } from "@/components/i18n/client-messages";
import { subscriberLinks } from "@/lib/notifications/worker/links";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { siteLocale, siteQuery } from "@/lib/public-page/site";
import { LanguageSwitcher } from "@/components/site/language-switcher";
import { findPageById } from "@/lib/status-pages/queries";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { availableChannels } from "@/lib/subscriptions/channels-available";
import { subscriptionKeys } from "@/lib/subscriptions/crypto";
import { handleConfirmSms, handleManageForm, handleSubscribeForm } from "@/lib/subscriptions/form";
import { getManagedSubscription } from "@/lib/subscriptions/self-service";
import { scopeOptions } from "@/lib/subscriptions/scope";
import { listSubscriptions } from "@/lib/subscriptions/service";
import type { PageLocale } from "@/lib/time/locale";
import { closeMailers, testWorker } from "../notifications/fixtures";
import { startSmtp, type SmtpPeer } from "../notifications/peers";
import { makePage, openIncident, request } from "./fixtures";

const BASE = "http://localhost:3000";
const forwardedLocale = (res: Response) => res.headers.get("x-middleware-request-x-heliograph-locale");
const html = (el: ReactElement) => renderToStaticMarkup(el);
const noop = async <S,>(s: S) => s;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
/** No message key, ICU placeholder or rich-text tag may reach a visitor. */
const clean = (out: string) => {
  expect(out).not.toMatch(/\b(?:subscribe|confirm|manage|access|notFound|channels|subscribeErrors)\.[a-zA-Z]+\b/);
  expect(out).not.toMatch(/\{(?:name|count|target|address|code|url)\}|<\/?(?:link|b)>/);
};

/** A page in German (its locale), and the words a visitor reading it in `shown` gets. */
async function dePage() {
  const p = await makePage({ locale: "de", name: "Acme Wolke" });
  const page = (await findPageById(p.db, p.page.id))!;
  const words = (shown: PageLocale): SiteWords => ({ pageName: page.name, base: `/${p.slug}`, locale: shown, lang: siteLang({ locale: shown, page }) });
  return { ...p, page, words };
}

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtp();
  resetSignupLimiter(1000);
});
afterAll(async () => {
  closeMailers();
  await smtp.close();
});

describe(`the subscribe flow's languages on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("proxy.ts resolves the language of the subscribe, confirm and manage pages: the page's, or ?lang=", async () => {
    const { slug } = await makePage({ locale: "de" });
    for (const path of ["subscribe", "confirm?sms=x", "manage?token=x"]) {
      expect(forwardedLocale((await proxy(request(`${BASE}/${slug}/${path}`)))!), path).toBe("de");
      const sep = path.includes("?") ? "&" : "?";
      expect(forwardedLocale((await proxy(request(`${BASE}/${slug}/${path}${sep}lang=ja`)))!), path).toBe("ja");
    }
    expect(siteLocale("ja", "de")).toBe("ja");
  });

  it("the subscribe page in German (page locale) and in Japanese (?lang=ja); operator words as written", async () => {
    const p = await dePage();
    const services = await scopeOptions(p.db, p.page);
    const render = (locale: PageLocale) =>
      html(createElement(SubscribeView, { ...p.words(locale), address: `${BASE}/${p.slug}`, action: noop, channels: availableChannels(locale), missing: [], services }));
    const de = render("de");
    for (const w of ["Updates abonnieren", "← Aktueller Status", "Wie sollen wir Sie benachrichtigen?", "Nur bestimmte Komponenten? (Standard: alle)", "Alle Wege, auf dem Laufenden zu bleiben", "Ohne Anmeldung", "Erfahren Sie sofort von Störungen und Wartungen bei Acme Wolke."]) expect(de).toContain(w);
    expect(de).not.toContain("Subscribe to updates");
    // A German page read in German: links are the canonical ones, without ?lang=.
    expect(de).toContain(`href="/${p.slug}"`);
    expect(de).not.toContain("lang=de");

    const ja = render("ja");
    for (const w of ["更新を購読", "通知方法を選んでください", "登録せずに", "Acme Wolke のインシデントやメンテナンス"]) expect(ja).toContain(w);
    for (const own of ["API", "Website"]) expect(ja).toContain(own);
    // The visitor chose Japanese on a German page: the back link keeps it.
    expect(ja).toContain(`href="/${p.slug}?lang=ja"`);
    for (const out of [de, ja]) clean(out);
  });

  it("a refused field says what is wrong in the page's language, next to that field", async () => {
    const p = await dePage();
    const bad = await handleSubscribeForm(p.db, p.page, form({ type: "EMAIL", address: "kein-mail" }), "192.0.2.50", { locale: "de" });
    expect(bad).toMatchObject({ kind: "error", fields: ["address"], fieldErrors: { address: "Geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.com." } });
    const empty = await handleSubscribeForm(p.db, p.page, form({ type: "SMS", address: " " }), "192.0.2.50", { locale: "ja" });
    expect(empty).toMatchObject({ kind: "error", fieldErrors: { address: "宛先を入力してください。" } });
    const scope = await handleSubscribeForm(p.db, p.page, form({ type: "EMAIL", address: "a@example.com", services: "00000000-0000-4000-8000-000000000000" }), "192.0.2.50");
    // No ?lang=: the page's own language.
    expect(scope).toMatchObject({ kind: "error", fieldErrors: { services: "Wählen Sie Komponenten, die auf dieser Seite angezeigt werden." } });
    const code = await handleConfirmSms(p.db, p.page, form({ ref: "x", code: "12" }), "fr");
    expect(code).toEqual({ kind: "invalid", message: "Saisissez le code à 6 chiffres reçu par SMS." });
  });

  it("the confirmation e-mail is in the page's language", async () => {
    const p = await dePage();
    const before = smtp.mails.length;
    const done = await handleSubscribeForm(p.db, p.page, form({ type: "EMAIL", address: "hans@example.com" }), "192.0.2.51", { locale: "ja" });
    expect(done).toMatchObject({ kind: "done" });
    await testWorker(p.db, { smtpPort: smtp.port }).drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.subject).toBe("Bestätigen Sie Ihr Abonnement für Acme Wolke");
    expect(mail.html).toMatch(/<html[^>]* lang="de"/);
    for (const w of ["Abonnement bestätigen", "Jemand (hoffentlich Sie) möchte unter dieser Adresse Status-Updates von Acme Wolke erhalten.", "der Link gilt 24 Stunden", "ignorieren Sie diese Nachricht"]) expect(mail.text).toContain(w);
    expect(mail.text).not.toContain("Confirm");
    expect(mail.text).toMatch(new RegExp(`/${p.slug}/confirm\\?token=`));
  });

  it("the confirm page and the manage page in German and Japanese, with links that keep ?lang=", async () => {
    const p = await dePage();
    const confirmDe = html(createElement(ConfirmView, { ...p.words("de"), token: "t", sms: "", emailAction: noop, smsAction: noop }));
    for (const w of ["Abonnement bestätigen", "Bestätigen Sie, dass Sie Status-Updates von Acme Wolke per E-Mail erhalten möchten."]) expect(confirmDe).toContain(w);
    const smsJa = html(createElement(ConfirmView, { ...p.words("ja"), token: "", sms: "r", emailAction: noop, smsAction: noop }));
    for (const w of ["購読の確認", "SMS でお送りしたコードを入力してください。", "6 桁のコード", "確認する"]) expect(smsJa).toContain(w);
    const incomplete = html(createElement(ConfirmView, { ...p.words("ja"), token: "", sms: "", emailAction: noop, smsAction: noop }));
    expect(incomplete).toContain(`このリンクは不完全です。確認メッセージのリンクを開くか、<a class="underline" href="/${p.slug}/subscribe?lang=ja">もう一度購読</a>してください。`);

    await handleSubscribeForm(p.db, p.page, form({ type: "EMAIL", address: "grete@example.com" }), "192.0.2.52");
    const [sub] = await listSubscriptions(p.db, p.accountId, p.page.id);
    const token = new URL(subscriberLinks(await subscriptionKeys(p.db), p.page, sub).manage).searchParams.get("token")!;
    const managed = (await getManagedSubscription(p.db, p.page, token))!;
    const m = { target: managed.subscriber.target, pending: true, services: managed.services, chosen: managed.chosen, webhook: false };
    const manageDe = html(createElement(ManageView, { ...p.words("de"), token, managed: m, action: noop }));
    for (const w of ["Ihr Abonnement", "Updates von Acme Wolke gehen an <strong>grete@example.com</strong>, sobald die Adresse bestätigt ist.", "Worüber möchten Sie informiert werden?", "Alles auf dieser Seite", "Speichern", "Abbestellen"]) expect(manageDe).toContain(w);
    const manageJa = html(createElement(ManageView, { ...p.words("ja"), token, managed: m, action: noop }));
    for (const w of ["購読の管理", "<strong>grete@example.com</strong>", "このページのすべて", "購読を解除"]) expect(manageJa).toContain(w);
    const invalid = html(createElement(ManageView, { ...p.words("ja"), token: "", managed: null, action: noop }));
    expect(invalid).toContain(`href="/${p.slug}/subscribe?lang=ja"`);
    for (const out of [confirmDe, smsJa, incomplete, manageDe, manageJa, invalid]) clean(out);

    // The manage form's answers, and the one-click unsubscribe's, in the page's language.
    expect(await handleManageForm(p.db, p.page, form({ token, scope: "some" }))).toEqual({ kind: "error", message: "Wählen Sie mindestens einen Dienst oder alle Dienste." });
    const unsubscribe = subscriberLinks(await subscriptionKeys(p.db), p.page, sub).unsubscribe;
    const res = await unsubscribePost(new Request(unsubscribe, { method: "POST" }), { params: Promise.resolve({ site: p.slug }) });
    expect(await res.text()).toBe("Sie haben abbestellt.");
  });

  it("the unlock form and its answers in the page's language; the visitor's ?lang= rides along", async () => {
    const p = await makePage({ locale: "de", isPrivate: true, password: "richtig" });
    const de = html(createElement(Locked, { pageName: "Intern", base: `/${p.slug}`, path: "/history", query: { denied: "1" }, locale: "de" }));
    for (const w of ["Intern ist privat", "Zugangsschlüssel oder Passwort", "Statusseite öffnen", "Dieser Schlüssel oder dieses Passwort ist falsch."]) expect(de).toContain(w);
    expect(de).toContain(`action="/${p.slug}/access"`);
    const ja = html(createElement(Locked, { pageName: "Intern", base: `/${p.slug}`, path: "/history", query: { lang: "ja" }, locale: "ja", lang: "ja" }));
    for (const w of ["Intern は非公開です", "アクセスキーまたはパスワード"]) expect(ja).toContain(w);
    expect(ja).toContain(`action="/${p.slug}/access?lang=ja"`);
    expect(ja).toContain('value="/history?lang=ja"');

    configureAccessThrottle({ clientTries: 1, baseBackoffSeconds: 30 });
    try {
      const client = `198.18.250.${Math.floor(Math.random() * 250)}`;
      const post = (headers: Record<string, string>) =>
        unlock(
          new Request(`${BASE}/${p.slug}/access`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client, "x-heliograph-base": `/${p.slug}`, ...headers }, body: "secret=falsch&next=%2F" }),
          { params: Promise.resolve({ site: p.slug }) },
        );
      expect((await post({})).status).toBe(303);
      // The form's action carried ?lang=ja, which proxy.ts turned into the header.
      const ja429 = await post({ "x-heliograph-locale": "ja" });
      expect(ja429.status).toBe(429);
      const ja = await ja429.text();
      expect(ja).toContain('<html lang="ja">');
      expect(ja).toMatch(/誤ったキーまたはパスワードが多すぎます。\d+ 秒後にもう一度お試しください。/);
      expect(ja).toContain(">戻る</a>");
      const de429 = await (await post({})).text();
      expect(de429).toContain('<html lang="de">');
      expect(de429).toMatch(/Zu viele falsche Schlüssel oder Passwörter\. Versuchen Sie es in \d+ Sekunden erneut\./);
    } finally {
      configureAccessThrottle({});
    }
  });

  it("not found, in the page's language, links back keeping ?lang=", () => {
    const ja = html(createElement(NotFoundContent, { base: "/acme", what: "incident", locale: "ja", lang: "ja" }));
    expect(ja).toContain("見つかりません");
    expect(ja).toContain("このステータスページにそのインシデントはありません。");
    expect(ja).toContain('href="/acme?lang=ja"');
    const de = html(createElement(NotFoundContent, { base: "/acme", what: "history", locale: "de" }));
    expect(de).toContain("Diese Verlaufsseite gibt es auf dieser Statusseite nicht.");
    expect(de).toContain('href="/acme"');
  });

  it("header and incident links keep a ?lang= that differs from the page's, and only then", async () => {
    const p = await dePage();
    await openIncident(p.db, p.accountId, [p.services.api.id]);
    const [view] = (await loadPageSnapshot(p.db, p.page)).incidents;
    const id = view.incident.id;
    const render = (locale: PageLocale) => {
      const lang = siteLang({ locale, page: p.page });
      return html(
        createElement(ClientMessages, { locale, messages: pickMessages(locale, ["client"]) }, [
          createElement(SiteHeader, { key: "h", page: p.page, base: `/${p.slug}`, locked: false, locale, lang }),
          createElement(IncidentLine, { key: "i", view, base: `/${p.slug}`, locale, lang }),
        ]),
      );
    };
    const ja = render("ja");
    for (const href of [`/${p.slug}?lang=ja`, `/${p.slug}/history?lang=ja`, `/${p.slug}/subscribe?lang=ja`, `/${p.slug}/incidents/${id}?lang=ja`]) expect(ja).toContain(`href="${href}"`);
    const de = render("de");
    expect(de).not.toContain("lang=");
    expect(de).toContain(`href="/${p.slug}/incidents/${id}"`);
  });

  it("the widget speaks the page's language, or the embedder's ?lang=", async () => {
    const p = await dePage();
    await openIncident(p.db, p.accountId, [p.services.api.id], "Zahlungen schlagen fehl");
    const snap = await loadPageSnapshot(p.db, p.page);
    const de = renderWidget(snap, `${BASE}/${p.slug}`, "light");
    expect(de).toContain('<html lang="de">');
    for (const w of ["Status von Acme Wolke", "Aktualisiert", "Statusseite ansehen →", "Aktuelle Störungen und Wartungen", "Wird untersucht", "Zahlungen schlagen fehl"]) expect(de).toContain(w);
    const ja = renderWidget(snap, `${BASE}/${p.slug}`, "light", "ja");
    expect(ja).toContain('<html lang="ja">');
    for (const w of ["Acme Wolke のステータス", "ステータスページを見る →", "調査中"]) expect(ja).toContain(w);
    const res = (await proxy(request(`${BASE}/${p.slug}/embed?lang=ja&theme=dark`)))!;
    // An allow-listed lang is one of the widget's parameters (no stray-query redirect); an unknown one is dropped.
    expect(res.status).not.toBe(308);
    expect(new URL((await proxy(request(`${BASE}/${p.slug}/embed?lang=zz`)))!.headers.get("location")!, BASE).search).toBe("");
  });

  it("the language switcher stays on the view it is shown on: a confirmation's token, a history page", async () => {
    const { slug } = await makePage({ locale: "de" });
    const forwardedQuery = (res: Response) => res.headers.get("x-middleware-request-x-heliograph-query");
    const confirm = forwardedQuery((await proxy(request(`${BASE}/${slug}/confirm?token=abc%26x&lang=ja`)))!);
    expect(confirm).toBe("token=abc%26x");
    expect(forwardedQuery((await proxy(request(`${BASE}/${slug}/subscribe?lang=ja`)))!)).toBeNull();
    // A value sent by the client is not what the page reads: proxy.ts deletes and re-derives it.
    const forged = request(`${BASE}/${slug}/subscribe`, { headers: { "x-heliograph-query": "token=forged" } });
    expect(forwardedQuery((await proxy(forged))!)).toBeNull();
    const links = html(createElement(LanguageSwitcher, { current: "ja", label: "Sprache", query: siteQuery(confirm) }));
    expect(links).toContain('href="?token=abc%26x&amp;lang=de"');
    expect(links).toContain('href="?token=abc%26x&amp;lang=ja"');
    expect(html(createElement(LanguageSwitcher, { current: "de", label: "Sprache", query: siteQuery(null) }))).toContain('href="?lang=fr"');
    // What the page reads is a query and nothing else, without a second lang.
    expect(siteQuery("page=2&lang=fr")).toBe("page=2");
    expect(siteQuery('"><script>')).toBe("%22%3E%3Cscript%3E=");
    expect(siteQuery("x".repeat(3000))).toBe("");
  });

  it("a v1 incident's link preview names its severity in the page's words, not the wire value", async () => {
    const p = await makePage({ locale: "de" });
    const incident = await openIncident(p.db, p.accountId, [p.services.api.id]);
    const view = (await loadIncidentForPage(p.db, (await findPageById(p.db, p.page.id))!, incident.incident.id))!;
    const props = (await incidentImageElement((await findPageById(p.db, p.page.id))!, view, "https://status.example.com/x")).props as { severity: string };
    expect(props.severity).toBe(severityLabel("MAJOR", "de"));
    expect(props.severity).not.toBe("MAJOR");
  });

  it("link previews use the page's language where the image's Latin font draws it, else English", () => {
    expect(ogLocale("de")).toBe("de");
    expect(ogLocale("fr")).toBe("fr");
    expect(ogLocale("pt")).toBe("pt");
    expect(ogLocale("ja")).toBe("en");
    expect(ogLocale("xx")).toBe("en");
  });
});
