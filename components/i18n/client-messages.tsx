"use client";

import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { ReactNode } from "react";

/**
 * The few words client components need (namespace `client`), picked on the server so hydration carries only those.
 * A client module, so the layout renders the plain provider, not next-intl's server one: that reads the
 * request-config plugin this app does not use (lib/i18n/index.ts says why). UTC: it formats no dates.
 */
export function ClientMessages({ locale, messages, children }: { locale: string; messages: AbstractIntlMessages; children?: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
