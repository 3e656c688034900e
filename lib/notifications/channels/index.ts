import type { Channel } from "@/lib/db/types";
import { emailChannel } from "./email";
import { slackChannel } from "./slack";
import { smsChannel } from "./sms";
import type { ChannelAdapter } from "./types";
import { webhookChannel } from "./webhook";

export const channels: Record<Channel, ChannelAdapter> = { EMAIL: emailChannel, WEBHOOK: webhookChannel, SLACK: slackChannel, SMS: smsChannel };
export type { ChannelAdapter, ChannelDeps, SendResult } from "./types";
