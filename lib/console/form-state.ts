/** What a console form shows after its action: a message, errors by field, and what to show once (a new key). */
export interface FormState {
  ok?: boolean;
  message?: string;
  fields?: Record<string, string>;
  /** shown once, e.g. a new API key or an invitation link when no e-mail could be sent */
  secret?: string;
}
