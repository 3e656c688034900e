import { discordChannel } from "./discord";
import { emailChannel } from "./email";
import { googleChatChannel } from "./google-chat";
import { slackChannel } from "./slack";
import { smsChannel } from "./sms";
import { teamsChannel } from "./teams";
import type { ChannelModule, NotifyKind } from "./types";
import { webhookChannel } from "./webhook";

/**
 * The one list of channels, in the order the sign-up form offers them. Everything else derives from it:
 * the database's Channel type, the zod enums (and so the API docs), the form, the worker.
 * Adding a channel: its module, its test, one line here.
 */
export const CHANNELS = [emailChannel, webhookChannel, slackChannel, teamsChannel, discordChannel, googleChatChannel, smsChannel] as const;

export type ChannelType = (typeof CHANNELS)[number]["type"];
export const CHANNEL_TYPES = CHANNELS.map((c) => c.type) as [ChannelType, ...ChannelType[]];

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
