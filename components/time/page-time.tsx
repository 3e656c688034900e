"use client";

import { createContext, useContext, type ReactNode } from "react";
import { UTC_STYLE, type TimeStyle } from "@/lib/time/format";

const PageTime = createContext<TimeStyle>(UTC_STYLE);

/** The page's zone and locale for every <LocalTime> below it (set once, in the page layout). */
export function PageTimeProvider({ zone, locale, children }: TimeStyle & { children: ReactNode }) {
  return <PageTime.Provider value={{ zone, locale }}>{children}</PageTime.Provider>;
}

export const usePageTime = () => useContext(PageTime);
