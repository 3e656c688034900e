"use client";

import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { ReactNode } from "react";

/**
 * The few words client components need (namespace `client`: theme toggle, live "Updated …" line), picked on the
 * server (lib/i18n pickMessages) so the hydration payload carries only those. A client module, so the server
 * layout renders the plain provider rather than next-intl's server one, which reads the request-config plugin
 * this app does not use (lib/i18n/index.ts says why). No dates are formatted through it: UTC is a fixed value.
 */
export function ClientMessages({ locale, messages, children }: { locale: string; messages: AbstractIntlMessages; children?: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
