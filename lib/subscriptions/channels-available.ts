import type { Channel } from "@/lib/db/types";
import { CHANNELS, type ChannelForm } from "@/lib/notifications/channels";

/** What the sign-up form needs of a channel: its name, its field texts, whether it asks for a contact e-mail. */
export interface OfferedChannel extends ChannelForm {
  type: Channel;
  contactEmail: boolean;
}

/** The channels the sign-up form offers: those whose module says the operator configured them (SMTP, SMS provider). */
export function availableChannels(): OfferedChannel[] {
  return CHANNELS.filter((c) => c.available()).map((c) => ({ type: c.type, ...c.form, contactEmail: c.contact === "optional" }));
}
