import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { LOCALE_HEADER } from "@/lib/tenancy/headers";
import { localeOf } from "@/lib/time/locale";
import "./globals.css";

export const metadata: Metadata = {
  title: "Heliograph",
  icons: [{ url: "/heliograph.svg", type: "image/svg+xml" }],
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // A status page's language, as proxy.ts resolved it (the visitor's ?lang or the page's locale); English elsewhere.
  const lang = localeOf((await headers()).get(LOCALE_HEADER));
  return (
    // next-themes' inline script (a status page's layout) sets data-theme on <html> before React hydrates.
    <html lang={lang} suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
