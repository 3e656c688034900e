import type { EventKind, Subscriber } from "@/lib/db/types";
import type { Guard } from "@/lib/outbound";
import type { EventPayload } from "./payload";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  from: string;
  /** the bare address of `from`, for Message-IDs */
  fromAddress: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A Twilio-compatible Messages API, configured by the operator (so it is exempt from the SSRF guard). */
export interface SmsConfig {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

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

/** Events a subscriber can hear about (confirmations are not events: every channel sends its own). */
export type NotifyKind = Exclude<EventKind, "subscription.verify">;

/** What every channel sends: incident updates, maintenance start, end and reminders, and operators' maintenance updates. */
export const INCIDENT_AND_MAINTENANCE = ["incident.update", "maintenance.start", "maintenance.end", "maintenance.reminder", "maintenance.update"] as const satisfies readonly NotifyKind[];

/**
 * What every channel posting to a URL the subscriber gave has in common (webhook and the chat tools): always
 * offered, active once a test delivery is accepted, failures told to an optional contact e-mail, and it hears
 * component status changes as well as incidents and maintenance.
 */
export const POSTS_TO_A_URL = {
  available: () => true,
  verification: "test-delivery",
  contact: "optional",
  events: [...INCIDENT_AND_MAINTENANCE, "component.update"],
} as const satisfies Pick<ChannelModule, "available" | "verification" | "contact" | "events">;

export interface ChannelDeps {
  guard: Guard;
  mailer: Mailer | null;
  sms: SmsConfig | null;
  /** decrypts a webhook subscriber's signing secret */
  secretOf: (s: Subscriber) => string | null;
  timeoutMs: number;
}

export interface MessageContext {
  deps: ChannelDeps;
  subscriber: Subscriber;
  /** stable per (event, subscriber): webhook-id, Idempotency-Key, Message-ID */
  idempotencyKey: string;
  /** locale: the page's, for the words of the confirmation a channel sends itself (lib/i18n) */
  page: { id: string; name: string; address: string; locale?: string };
  links: { manage: string; unsubscribe: string };
}

export interface VerifyContext extends MessageContext {
  /** verification "link": the signed confirmation link */
  confirmUrl: string;
  /** verification "code": the code to type on the page, and that page */
  code: string;
  codeUrl: string;
}

/** What the sign-up form shows for a channel (plain data: it travels to the client component). */
export interface ChannelForm {
  label: string;
  field: string;
  inputType: "email" | "url" | "tel";
  placeholder: string;
  hint: string;
  autoComplete: string;
  /** shown after a sign-up; `{address}` is replaced by the address, in bold */
  done: string;
}

/**
 * Everything about one way of notifying, declared once. `R` is the message rendered once per event
 * (stored as JSON with the event), personalised per subscriber at send time.
 */
export interface ChannelModule<T extends string = string, R = unknown> {
  type: T;
  form: ChannelForm;
  /** offered on the sign-up form only when the operator configured what it needs */
  available(): boolean;
  /**
   * "link": an e-mailed confirmation link; "code": a code typed on the confirm page;
   * "test-delivery": verified by the first 2xx answer to a test message.
   */
  verification: "link" | "code" | "test-delivery";
  /** who hears that deliveries kept failing: "self" the address itself (e-mail), "optional" a contact e-mail given at sign-up */
  contact: "self" | "optional" | "none";
  /** deliveries are signed with a per-subscriber secret, shown once and rotated from the manage link */
  signed: boolean;
  /** the event kinds it sends: the fan-out queues nothing else for its subscribers, and `render` sees only these */
  events: readonly NotifyKind[];
  /** normalised address and the key of its per-destination concurrency limit; throws TargetError */
  normalize(raw: string, guard: Guard): Promise<{ target: string; destHost: string }>;
  render(p: EventPayload): R | Promise<R>;
  sendVerification(ctx: VerifyContext): Promise<SendResult>;
  send(ctx: MessageContext, rendered: R): Promise<SendResult>;
}

/** 2xx is delivered; 410 unsubscribes; anything else is retried, after Retry-After when the receiver sent one. */
export function classifyHttp(status: number, retryAfterSeconds: number | null, snippet: string): SendResult {
  if (status >= 200 && status < 300) return { ok: true, code: status };
  if (status === 410) return { ok: false, gone: true, permanent: true, code: status, error: "410 Gone: the receiver ended the subscription" };
  const why = status >= 300 && status < 400 ? "redirect not followed" : snippet.replace(/\s+/g, " ").slice(0, 120);
  return { ok: false, code: status, retryAfterSeconds, error: `HTTP ${status}${why ? `: ${why}` : ""}` };
}
