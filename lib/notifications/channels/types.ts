import type { Guard } from "@/lib/outbound";
import type { Target } from "@/lib/subscriptions/targets";
import type { RenderedEvent } from "../render";
import type { SubscriberRow } from "../tables";
import type { Mailer } from "./email";
import type { SmsConfig } from "./sms";

export type SendResult =
  | { ok: true; code?: number }
  | {
      ok: false;
      error: string;
      code?: number;
      /** retrying cannot help (refused address, rejected mailbox): dead at once */
      permanent?: boolean;
      /** the receiver said the subscription is gone (HTTP 410): unsubscribe */
      gone?: boolean;
      retryAfterSeconds?: number | null;
    };

export interface ChannelDeps {
  guard: Guard;
  mailer: Mailer | null;
  sms: SmsConfig | null;
  /** decrypts a webhook subscriber's signing secret */
  secretOf: (s: SubscriberRow) => string | null;
  timeoutMs: number;
}

export interface MessageContext {
  deps: ChannelDeps;
  subscriber: SubscriberRow;
  /** stable per (event, subscriber): webhook-id, Idempotency-Key, Message-ID */
  idempotencyKey: string;
  page: { id: string; name: string; address: string };
  links: { manage: string; unsubscribe: string };
}

export interface VerifyContext extends MessageContext {
  /** EMAIL: the signed confirmation link */
  confirmUrl: string;
  /** SMS: the code to type on the page */
  code: string;
  codeUrl: string;
}

export interface ChannelAdapter {
  validate(raw: string, guard: Guard): Promise<Target>;
  sendVerification(ctx: VerifyContext): Promise<SendResult>;
  send(ctx: MessageContext, rendered: RenderedEvent): Promise<SendResult>;
}

/** 2xx is delivered; 410 unsubscribes; anything else is retried, after Retry-After when the receiver sent one. */
export function classifyHttp(status: number, retryAfterSeconds: number | null, snippet: string): SendResult {
  if (status >= 200 && status < 300) return { ok: true, code: status };
  if (status === 410) return { ok: false, gone: true, permanent: true, code: status, error: "410 Gone: the receiver ended the subscription" };
  const why = status >= 300 && status < 400 ? "redirect not followed" : snippet.replace(/\s+/g, " ").slice(0, 120);
  return { ok: false, code: status, retryAfterSeconds, error: `HTTP ${status}${why ? `: ${why}` : ""}` };
}
