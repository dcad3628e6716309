/** The alerts a site visitor or site owner may see, each shown at most once (spec §8). */
export const alerts = {
  APKT001: { code: 'APKT001', shortMessage: 'Network Not Found', longMessage: 'The network you asked for is not one of the networks this site configured.' },
  APKT002: { code: 'APKT002', shortMessage: 'Invalid App Configuration', longMessage: 'This origin is not allowed for the project id. Add it to the allowed origins of the project.' },
  APKT003: { code: 'APKT003', shortMessage: 'Network Error: Wallet Load Failed', longMessage: 'The wallet list could not be loaded. Check the directory endpoint.' },
  APKT004: { code: 'APKT004', shortMessage: 'Wallet Request Timeout', longMessage: 'The wallet did not answer in time.' },
  APKT005: { code: 'APKT005', shortMessage: 'Unverified Domain', longMessage: 'This domain could not be verified.' },
  APKT006: { code: 'APKT006', shortMessage: 'Session Expired', longMessage: 'Your session has expired. Please connect again.' },
  APKT007: { code: 'APKT007', shortMessage: 'Invalid Project ID', longMessage: 'The project id was not recognised by the server.' },
  APKT008: { code: 'APKT008', shortMessage: 'Project ID Missing', longMessage: 'No projectId was passed to createPortico.' },
  APKT009: { code: 'APKT009', shortMessage: 'Server Error', longMessage: 'The server answered with an error. Try again later.' },
  APKT010: { code: 'APKT010', shortMessage: 'Rate Limited', longMessage: 'Too many requests. Try again later.' },
} as const

export type AlertCode = keyof typeof alerts

/**
 * Notices: alerts that answer a visitor's action, shown each time it happens (not once).
 * `MULTI_WALLET_NOT_ENABLED`: switching, removing or adding a second wallet of a namespace while
 * the site's `multiWallet` feature is off (spec §8 'Multi-Wallet Not Enabled').
 */
export const notices = {
  MULTI_WALLET_NOT_ENABLED: {
    code: 'MULTI_WALLET_NOT_ENABLED',
    shortMessage: 'Multi-Wallet Not Enabled',
    longMessage: 'This site keeps one wallet connected per chain type. Disconnect this wallet to connect another.',
  },
} as const

export type NoticeCode = keyof typeof notices
export type Notice = (typeof notices)[NoticeCode]
export type Alert = (typeof alerts)[AlertCode]

/** Provider messages that map to an alert (spec §8). */
export const providerMessageAlerts: readonly { message: string; alert: AlertCode }[] = [
  { message: 'Unauthorized: origin not allowed', alert: 'APKT002' },
  { message: 'JWT validation error: JWT Token is not yet valid', alert: 'APKT006' },
  { message: 'Unauthorized: invalid key', alert: 'APKT007' },
]

/**
 * Finds the alert for a provider or relay message, if it is one of the known ones.
 *
 * @example
 * alertForMessage('Unauthorized: origin not allowed') // 'APKT002'
 */
export function alertForMessage(message: unknown): AlertCode | undefined {
  if (typeof message !== 'string') return undefined
  return providerMessageAlerts.find((entry) => message.includes(entry.message))?.alert
}
