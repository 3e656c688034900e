/**
 * The channel names, in the order the sign-up form offers them. A leaf: the database's Channel type and the zod
 * enums read the names here, below the channel modules; the registry (./index.ts) holds one module per name.
 */
const NAMES = ["EMAIL", "WEBHOOK", "SLACK", "TEAMS", "DISCORD", "GOOGLE_CHAT", "SMS"] as const;

export type ChannelType = (typeof NAMES)[number];
export const CHANNEL_TYPES = [...NAMES] as [ChannelType, ...ChannelType[]];

/** The names as a tuple type, so the registry can be checked against them at compile time. */
export type ChannelNames = typeof NAMES;
