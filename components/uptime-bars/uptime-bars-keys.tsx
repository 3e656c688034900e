"use client";

import { useEffect } from "react";
import { moveBarFocus } from "./bar-keys";

/** The bars' arrow keys (bar-keys.ts) on App Router pages; statically rendered pages attach them in components/islands. */
export function UptimeBarsKeys() {
  useEffect(() => {
    document.addEventListener("keydown", moveBarFocus);
    return () => document.removeEventListener("keydown", moveBarFocus);
  }, []);
  return null;
}
