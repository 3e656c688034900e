import type { Channel } from "@/lib/db/types";
import { env } from "@/lib/env";

/** The sign-up form offers e-mail and SMS only when the operator configured SMTP and an SMS provider. */
export function availableChannels(): Channel[] {
  const out: Channel[] = [];
  if (env.SMTP_HOST) out.push("EMAIL");
  out.push("WEBHOOK", "SLACK");
  if (env.SMS_API_BASE_URL && env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM) out.push("SMS");
  return out;
}
