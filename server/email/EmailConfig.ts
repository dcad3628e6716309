/** Where the server's emails go out, and who may export the captured addresses. */
export type EmailConfig = {
  /** The SMTP server that delivers mail (the sandbox runs a local sink). */
  smtp: { host: string; port: number; secure?: boolean; auth?: { user: string; pass: string } }
  /** The sender, e.g. `Portico <no-reply@example.com>`. */
  from: string
  /**
   * Bearer tokens by project id for `GET /v1/email-capture/export` (the site owner's CSV export).
   * A project without one cannot export.
   */
  exportTokens: Record<string, string>
  /** Links in emails start with this; default the server's public URL. */
  linkBaseUrl?: string
}
