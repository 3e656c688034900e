export const DEFAULT_ZONE = "UTC";

/**
 * A zone of the time-zone database as Intl knows it (fixed offsets such as "+01:00" or "UTC+1" are not zones a
 * page lives in). Intl rather than a date library: this module also runs in the browser (components/time).
 */
export function isIanaZone(tz: string): boolean {
  if (tz === "" || /^[+-]|^UTC[+-]/i.test(tz)) return false;
  // Asked for every stored zone on every render: building a DateTimeFormat to find out costs more than the page's
  // own date printing. Bounded, since the question may come from input (a zone typed into the API).
  let known = zoneCheck.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    if (zoneCheck.size >= 2_000) zoneCheck.clear();
    zoneCheck.set(tz, known);
  }
  return known;
}
const zoneCheck = new Map<string, boolean>();

/**
 * The zone as given, with the database's capitals when only the case differs ("europe/berlin" → "Europe/Berlin").
 * Aliases are kept as typed: ICU would turn "America/Argentina/Buenos_Aires" into an older link name.
 */
export function zoneSpelling(tz: string): string {
  const resolved = new Intl.DateTimeFormat("en", { timeZone: tz }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === tz.toLowerCase() ? resolved : tz;
}

/** A stored zone that a later time-zone database no longer knows renders in UTC rather than failing. */
export function zoneOf(timezone: string | null | undefined): string {
  return timezone && isIanaZone(timezone) ? timezone : DEFAULT_ZONE;
}
