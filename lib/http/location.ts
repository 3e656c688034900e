/**
 * A Location header value that Headers always accepts and that browsers read as the same path: every
 * character outside visible ASCII is percent-encoded as UTF-8 (Headers throws beyond Latin-1 and would
 * send Latin-1 as raw bytes); text that is not Unicode (a lone surrogate) falls back to `fallback`.
 */
export function locationValue(target: string, fallback = "/"): string {
  if (/^[\x21-\x7e]*$/.test(target)) return target;
  try {
    return target.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
  } catch {
    return fallback;
  }
}
