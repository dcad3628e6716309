// The part of oidc-provider 9 (which ships no types) the sandbox's identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type Account = { accountId: string; claims(): Promise<Record<string, unknown>> }
  type Configuration = {
    clients: Record<string, unknown>[]
    pkce?: { required: () => boolean }
    cookies?: { keys: string[] }
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    ttl?: Record<string, number>
    features?: Record<string, { enabled: boolean }>
    renderError?(ctx: { type: string; body: string }, out: Record<string, unknown>, error: Error): Promise<void>
    findAccount(ctx: unknown, accountId: string): Promise<Account | undefined>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
  }
}
