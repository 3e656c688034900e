import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Heliograph",
  icons: [{ url: "/heliograph.svg", type: "image/svg+xml" }],
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // data-theme is set before paint by the theme script (lib/theme/script.ts), hence the warning suppression.
    <html lang="en" suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
