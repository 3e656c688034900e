/** The page's error boundary speaks the language of the layout around it (its `client` messages). */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PageError from "@/app/(status)/[site]/error";
import { ClientMessages } from "@/components/i18n/client-messages";
import { pickMessages } from "@/lib/i18n";

describe("the page's error boundary", () => {
  it.each([
    ["en", "Status temporarily unavailable", "Try again"],
    ["de", "Status vorübergehend nicht verfügbar", "Erneut versuchen"],
    ["ja", "ステータスを一時的に表示できません", "再試行"],
  ] as const)("in %s", (locale, title, retry) => {
    const html = renderToStaticMarkup(
      <ClientMessages locale={locale} messages={pickMessages(locale, ["client"])}>
        <PageError error={new Error("secret detail")} reset={() => {}} />
      </ClientMessages>,
    );
    expect(html).toContain(title);
    expect(html).toContain(retry);
    expect(html).not.toContain("secret detail");
  });
});
