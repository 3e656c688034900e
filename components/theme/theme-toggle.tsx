"use client";

import { useEffect, useState } from "react";
import { THEME_STORAGE_KEY } from "@/lib/theme/script";

type Choice = "light" | "dark" | "system";

function apply(choice: Choice) {
  const root = document.documentElement;
  const dark = choice === "dark" || (choice === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  root.setAttribute("data-theme", dark ? "dark" : "light");
}

/**
 * Light / Dark / System. The choice is stored in localStorage and applied before paint by the inline
 * script (lib/theme/script.ts); without a choice the page's default theme decides. Hidden without JS.
 */
export function ThemeToggle({ pageDefault }: { pageDefault: "LIGHT" | "DARK" | "AUTO" }) {
  const fallback: Choice = pageDefault === "LIGHT" ? "light" : pageDefault === "DARK" ? "dark" : "system";
  const [choice, setChoice] = useState<Choice | null>(null);

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(THEME_STORAGE_KEY);
    } catch {
      /* storage blocked: the toggle still works for this visit */
    }
    // Reading storage must wait for the browser; the server cannot know the visitor's choice.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChoice(stored === "light" || stored === "dark" || stored === "system" ? stored : null);
  }, []);

  useEffect(() => {
    if (choice !== "system") return;
    const mq = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => apply("system");
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, [choice]);

  const pick = (c: Choice) => {
    setChoice(c);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, c);
    } catch {
      /* not remembered, still applied */
    }
    apply(c);
  };

  const current = choice ?? fallback;
  return (
    <div className="theme-toggle" role="group" aria-label="Colour theme">
      {(["light", "dark", "system"] as const).map((c) => (
        <button key={c} type="button" aria-pressed={current === c} onClick={() => pick(c)} data-theme-choice={c}>
          {c === "light" ? "Light" : c === "dark" ? "Dark" : "System"}
        </button>
      ))}
    </div>
  );
}
