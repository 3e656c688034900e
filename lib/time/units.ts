/** A UTC day in milliseconds: the one spelling of it, SQL text included (a zone's calendar day is lib/time/days). */
export const DAY_MS = 86_400_000;
