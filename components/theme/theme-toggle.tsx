"use client";

import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { THEME_CHOICES, type ThemeChoice } from "@/lib/theme/script";

/* Every word the toggle shows or says: lib/i18n messages, namespace `client` (components/i18n/client-messages.tsx). */

/*
 * The pressed look comes from <html data-theme-choice> (written before paint, lib/theme/script.ts), so the
 * stored choice shows from the first frame; aria-pressed follows once React knows it (after hydration).
 * Literal class strings, so Tailwind sees them.
 */
const PRESSED: Record<ThemeChoice, string> = {
  light:
    "[:root[data-theme-choice=light]_&]:bg-btn [:root[data-theme-choice=light]_&]:text-btn-fg",
  dark: "[:root[data-theme-choice=dark]_&]:bg-btn [:root[data-theme-choice=dark]_&]:text-btn-fg",
  system:
    "[:root[data-theme-choice=system]_&]:bg-btn [:root[data-theme-choice=system]_&]:text-btn-fg",
};

function Icon({ choice }: { choice: ThemeChoice }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      {choice === "light" && (
        <>
          <circle cx="10" cy="10" r="3.5" />
          <path d="M10 1.5v2M10 16.5v2M1.5 10h2M16.5 10h2M4 4l1.4 1.4M14.6 14.6L16 16M4 16l1.4-1.4M14.6 5.4L16 4" />
        </>
      )}
      {choice === "dark" && (
        <path d="M16.5 12.5A7 7 0 0 1 7.5 3.5a7 7 0 1 0 9 9z" />
      )}
      {choice === "system" && (
        <>
          <circle cx="10" cy="10" r="7.5" />
          <path d="M10 2.5a7.5 7.5 0 0 1 0 15z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}

const noSubscribe = () => () => {};

/**
 * Light / Dark / System through next-themes, remembered per page. It only works with JavaScript, so it is
 * hidden until next-themes' script has set <html data-theme> (never set by the server).
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const t = useTranslations("client");
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const pick = (c: ThemeChoice) => {
    setTheme(c);
    document.documentElement.setAttribute("data-theme-choice", c);
  };
  return (
    <div
      role="group"
      aria-label={t("group")}
      className="theme-toggle hidden gap-0.5 rounded-md border border-line p-0.5 [:root[data-theme]_&]:inline-flex"
    >
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          data-theme-choice={c}
          aria-pressed={hydrated ? theme === c : undefined}
          title={t(c)}
          onClick={() => pick(c)}
          className={`cursor-pointer rounded px-1.5 py-1 text-nav ${PRESSED[c]}`}
        >
          <Icon choice={c} />
          <span className="sr-only">{t(c)}</span>
        </button>
      ))}
    </div>
  );
}
