import { DEFAULT_LOCALE, localeOf, type PageLocale } from "./locale";
import { DEFAULT_ZONE, zoneOf } from "./zone";

/**
 * The one place instants become text for people: every surface prints times in the page's zone with its abbreviation
 * ("20 Nov 2026, 14:05 CET"), named by CLDR through Intl, or as an offset ("GMT+9") where CLDR has no letters. Intl
 * only, no date library, so the browser's copy in components/time costs no bundle weight.
 */
export interface TimeStyle {
  zone: string;
  locale: PageLocale;
}

export const UTC_STYLE: TimeStyle = { zone: DEFAULT_ZONE, locale: DEFAULT_LOCALE };

// Building an Intl.DateTimeFormat costs far more than using one; a page prints hundreds of times. The styles
// are named (not keyed by their serialised options): the key is built on every call, in the render's hot path.
const STYLES = {
  abbreviation: { timeZoneName: "short" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  day: { day: "numeric", month: "long", year: "numeric" },
  date: { day: "numeric", month: "short", year: "numeric" },
  month: { month: "long", year: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();
function dtf(locale: string, zone: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${style}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: zone })));
  return f;
}

/**
 * Text that depends only on a few small inputs (a calendar day, a zone's abbreviation at one instant) is kept once
 * made. Bounded: cleared whole when full, so a long-running server never grows with the days it has printed.
 */
const MEMO_LIMIT = 20_000;
const memo = new Map<string, string>();
function remembered(key: string, make: () => string): string {
  let v = memo.get(key);
  if (v === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, (v = make()));
  }
  return v;
}

function parts(f: Intl.DateTimeFormat, ms: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(ms)) out[p.type] = p.value;
  return out;
}

// English CLDR names US zones in en-US and European ones in en-GB; each gives the other's as "GMT+1".
const ABBREVIATION_LOCALES: Partial<Record<PageLocale, string[]>> = { en: ["en-US", "en-GB"] };
const OFFSET_ONLY = /^(GMT|UTC)[+\-\u2212]/;

/** "CET", "CEST", "EST", "UTC", or the offset ("GMT+9") where the locale has no letters for the zone. */
export function zoneAbbreviation(ms: number, zone: string, locale: PageLocale = DEFAULT_LOCALE): string {
  // Keyed by the instant itself: each render of a page prints the same update times again.
  return remembered(`a|${locale}|${zone}|${ms}`, () => {
    const candidates = (ABBREVIATION_LOCALES[locale] ?? [locale]).map((l) => parts(dtf(l, zone, "abbreviation"), ms).timeZoneName ?? zone);
    return candidates.find((c) => !OFFSET_ONLY.test(c)) ?? candidates[0];
  });
}

const local = (ms: number, s: TimeStyle) => parts(dtf(s.locale, s.zone, "dateTime"), ms);
const clock = (p: Record<string, string>) => `${p.hour}:${p.minute}`;
/*
 * English keeps Heliograph's "20 Nov 2026" (day, short month, year); every other locale writes a date in its
 * own CLDR order and punctuation ("20. Nov. 2026", "20 nov. 2026", "2026年11月20日"), not English's order with
 * translated month names. Japanese separates the time with a space, not a comma.
 */
const date = (ms: number, s: TimeStyle) => {
  if (s.locale === DEFAULT_LOCALE) {
    const p = local(ms, s);
    return `${p.day} ${p.month} ${p.year}`;
  }
  return dtf(s.locale, s.zone, "date").format(ms);
};
const dateTimeJoin = (locale: PageLocale) => (locale === "ja" ? " " : ", ");

/** "14:05 CET" */
export function formatTime(ms: number, s: TimeStyle = UTC_STYLE): string {
  return `${clock(local(ms, s))} ${zoneAbbreviation(ms, s.zone, s.locale)}`;
}

/** "20 Nov 2026" (the zone's calendar day of the instant) */
export function formatDate(ms: number, s: TimeStyle = UTC_STYLE): string {
  return date(ms, s);
}

/**
 * "20 Nov 2026, 14:05 CET". Kept by the minute it names (every instant of a minute prints the same: offsets change
 * on whole minutes): a status page prints hundreds of times per render, each two Intl formatToParts calls.
 */
export function formatDateTime(ms: number, s: TimeStyle = UTC_STYLE): string {
  return remembered(`dt|${s.locale}|${s.zone}|${Math.floor(ms / 60_000)}`, () => `${formatDate(ms, s)}${dateTimeJoin(s.locale)}${formatTime(ms, s)}`);
}

/** "20 Nov 2026, 14:05 – 16:00 CET" within one day (and one abbreviation), else both ends in full. */
export function formatRange(from: number, to: number, s: TimeStyle = UTC_STYLE): string {
  const sameDay = formatDate(from, s) === formatDate(to, s) && zoneAbbreviation(from, s.zone, s.locale) === zoneAbbreviation(to, s.zone, s.locale);
  if (sameDay) return `${formatDate(from, s)}${dateTimeJoin(s.locale)}${clock(local(from, s))} – ${formatTime(to, s)}`;
  return `${formatDateTime(from, s)} – ${formatDateTime(to, s)}`;
}

const calendarDay = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10) || "1"));

/** "20 November 2026" for a YYYY-MM-DD calendar day (no zone: the day is already the zone's). */
export function formatDayKey(day: string, locale: PageLocale = DEFAULT_LOCALE): string {
  return remembered(`d|${locale}|${day}`, () => {
    if (locale !== DEFAULT_LOCALE) return dtf(locale, "UTC", "day").format(calendarDay(day));
    const p = parts(dtf(locale, "UTC", "day"), calendarDay(day));
    return `${p.day} ${p.month} ${p.year}`;
  });
}

/** "November 2026" for a YYYY-MM month. */
export function formatMonthKey(month: string, locale: PageLocale = DEFAULT_LOCALE): string {
  return dtf(locale, "UTC", "month").format(calendarDay(month));
}

/** A page's style from its row (a zone or locale no longer known falls back to UTC / en). */
export function pageTimeStyle(page: { timezone?: string | null; locale?: string | null }): TimeStyle {
  return { zone: zoneOf(page.timezone), locale: localeOf(page.locale) };
}
