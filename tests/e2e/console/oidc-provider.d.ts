/** The little of oidc-provider's API the tests use (the package ships no types). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }
  export default class Provider {
    constructor(issuer: string, config: Record<string, unknown> & { findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
