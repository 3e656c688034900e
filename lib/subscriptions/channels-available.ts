import type { Channel } from "@/lib/db/types";
import { CATALOGUES, type LocaleInput } from "@/lib/i18n";
import { CHANNELS, type ChannelForm } from "@/lib/notifications/channels";
import { localeOf } from "@/lib/time/locale";

/** What the sign-up form needs of a channel: its name, its field texts, whether it asks for a contact e-mail. */
export interface OfferedChannel extends ChannelForm {
  type: Channel;
  contactEmail: boolean;
  /** what the form says next to the address field when the address is refused */
  invalid: string;
}

type ChannelWords = Partial<Pick<ChannelForm, "label">> & Pick<ChannelForm, "field" | "hint" | "done"> & { invalid: string };

/**
 * A channel's words in the page's language: lib/i18n namespace `channels`, keyed by the registry's type (English
 * there is the registry's own, tests/unit/i18n/subscribe-words.test.ts). Product names (Slack, Discord, …) have
 * no entry and keep the registry's label. Raw messages: `done` keeps its literal `{address}` for the form to bold.
 */
export function channelWords(type: Channel, locale: LocaleInput): ChannelWords {
  const all = CATALOGUES[localeOf(typeof locale === "string" ? locale : undefined)].channels as Record<string, ChannelWords>;
  return all[type] ?? (CATALOGUES.en.channels as Record<string, ChannelWords>)[type];
}

/** The channel's name for a visitor: translated where it is a word ("E-mail"), the product's name otherwise. */
export function channelLabel(c: { type: Channel; form: ChannelForm }, locale: LocaleInput): string {
  return channelWords(c.type, locale).label ?? c.form.label;
}

/** The channels the sign-up form offers: those whose module says the operator configured them (SMTP, SMS provider). */
export function availableChannels(locale: LocaleInput = "en"): OfferedChannel[] {
  return CHANNELS.filter((c) => c.available()).map((c) => {
    const w = channelWords(c.type, locale);
    return { type: c.type, ...c.form, label: channelLabel(c, locale), field: w.field, hint: w.hint, done: w.done, invalid: w.invalid, contactEmail: c.contact === "optional" };
  });
}
