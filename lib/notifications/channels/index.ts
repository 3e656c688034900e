import { discordChannel } from "./discord";
import { emailChannel } from "./email";
import { googleChatChannel } from "./google-chat";
import { slackChannel } from "./slack";
import { smsChannel } from "./sms";
import { teamsChannel } from "./teams";
import type { ChannelNames, ChannelType } from "./names";
import type { ChannelModule, NotifyKind } from "./types";
import { webhookChannel } from "./webhook";

/**
 * The one list of channel modules, in the order of the names (./names.ts), which the sign-up form, the worker and
 * the zod enums (and so the API docs) follow. Adding a channel: its name, its module, its test, one line here.
 */
export const CHANNELS = [emailChannel, webhookChannel, slackChannel, teamsChannel, discordChannel, googleChatChannel, smsChannel] as const;

type TypesOf<T> = { [K in keyof T]: T[K] extends { type: infer N } ? N : never };
type Holds<T extends true> = T;
// Fails to compile unless the registry holds exactly the named channels, in the names' order.
type _OneModulePerName = Holds<TypesOf<typeof CHANNELS> extends ChannelNames ? (ChannelNames extends TypesOf<typeof CHANNELS> ? true : false) : false>;

export { CHANNEL_TYPES, type ChannelType } from "./names";

const byType = new Map<string, ChannelModule<ChannelType>>(CHANNELS.map((c) => [c.type, c]));

/** The module of a channel name read from the database or a validated request. */
export function channelOf(type: ChannelType): ChannelModule<ChannelType> {
  const c = byType.get(type);
  if (!c) throw new Error(`unknown channel ${type}`);
  return c;
}

/** The channels that send this kind of event (the fan-out queues deliveries for their subscribers only). */
export function channelsFor(kind: NotifyKind): ChannelType[] {
  return CHANNELS.filter((c) => c.events.includes(kind)).map((c) => c.type);
}

export type { ChannelDeps, ChannelForm, NotifyKind, SendResult } from "./types";
