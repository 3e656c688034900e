// The component packages one by one, not the `@react-email/components` barrel: the barrel also loads its Tailwind
// and Prism (code blocks), which these templates never use — about 32 MB of the worker's memory.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";

/*
 * E-mail templates. Text reaches them as React children or attributes (escaped by React); the one
 * HTML string (the update body) comes from lib/markdown, which sanitizes it.
 */
const body = { backgroundColor: "#f6f7f9", fontFamily: "-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif", color: "#1f2933" };
const box = { backgroundColor: "#ffffff", border: "1px solid #e4e7eb", borderRadius: "8px", margin: "24px auto", maxWidth: "560px", padding: "24px" };
const muted = { color: "#616e7c", fontSize: "13px", lineHeight: "20px" };

function Layout({ preview, pageName, children, footer, locale = "en" }: { preview: string; pageName: string; children: ReactNode; footer: ReactNode; locale?: PageLocale }) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={box}>
          <Text style={{ ...muted, margin: 0, textTransform: "uppercase", letterSpacing: "0.04em" }}>{pageName}</Text>
          {children}
          <Hr style={{ borderColor: "#e4e7eb", margin: "24px 0 12px" }} />
          <Text style={muted}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

interface EventEmailProps {
  /** the page's locale: Heliograph's words in it, the operator's as written */
  locale: PageLocale;
  pageName: string;
  pageUrl: string;
  title: string;
  statusLabel: string;
  when: string;
  services: string[];
  bodyHtml: string;
  manageUrl: string;
  unsubscribeUrl: string;
}

export function EventEmail(p: EventEmailProps) {
  const t = translator(p.locale, "email");
  return (
    <Layout
      locale={p.locale}
      preview={`${p.title}: ${p.statusLabel}`}
      pageName={p.pageName}
      footer={
        <>
          {t("footer", { name: p.pageName })}{" "}
          <Link href={p.manageUrl}>{t("manage")}</Link> {t("or")} <Link href={p.unsubscribeUrl}>{t("unsubscribe")}</Link>.
        </>
      }
    >
      <Heading as="h1" style={{ fontSize: "20px", margin: "8px 0" }}>{p.title}</Heading>
      <Text style={{ margin: "0 0 4px", fontWeight: 600 }}>{p.statusLabel}</Text>
      <Text style={{ ...muted, margin: "0 0 16px" }}>{p.when}{p.services.length > 0 ? ` · ${t("affects", { services: p.services.join(", ") })}` : ""}</Text>
      <Section>
        <div dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
      </Section>
      <Text>
        <Link href={p.pageUrl}>{t("viewPage")}</Link>
      </Text>
    </Layout>
  );
}

/** The double opt-in message of a sign-up, in the page's language (lib/i18n namespace `confirmMessage`). */
export function ConfirmEmail(p: { pageName: string; confirmUrl: string; locale?: PageLocale }) {
  const t = translator(p.locale, "confirmMessage");
  return (
    <Layout locale={p.locale} preview={t("subject", { name: p.pageName })} pageName={p.pageName} footer={<>{t("ignore")}</>}>
      <Heading as="h1" style={{ fontSize: "20px", margin: "8px 0" }}>{t("heading")}</Heading>
      <Text>{t("asked", { name: p.pageName })}</Text>
      <Text>
        <Link href={p.confirmUrl}>{t("link")}</Link> {t("valid")}
      </Text>
    </Layout>
  );
}

/** The notice that a subscription failing for 3 days was turned off, in the page's language (namespace `disabledMessage`). */
export function DisabledEmail(p: { pageName: string; target: string; pageUrl: string; locale?: PageLocale }) {
  const t = translator(p.locale, "disabledMessage");
  return (
    <Layout locale={p.locale} preview={t("subject", { name: p.pageName })} pageName={p.pageName} footer={<>{t.rich("again", { link: (chunks) => <Link href={p.pageUrl}>{chunks}</Link> })}</>}>
      <Heading as="h1" style={{ fontSize: "20px", margin: "8px 0" }}>{t("heading")}</Heading>
      <Text>{t("body", { target: p.target, name: p.pageName })}</Text>
    </Layout>
  );
}
