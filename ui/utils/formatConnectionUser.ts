import type { ConnectionUser } from '../../kernel/kernel.js'

/** The spec's limit for showing an email (§9: a long email is cut at 30 characters). */
export const emailDisplayLimit = 30

/**
 * What the Account view and button show of an embedded wallet's logged-in user: the email (cut
 * at 30 characters, with an ellipsis) for an email login, the social handle for a social login
 * (else its email or name); nothing for a plain wallet.
 *
 * @param user - the account store's `user`
 * @returns the text to show, or undefined
 * @example
 * formatConnectionUser({ provider: 'email', email: 'alice@example.com' }) // 'alice@example.com'
 * formatConnectionUser({ provider: 'x', handle: '@alice' }) // '@alice'
 */
export function formatConnectionUser(user: ConnectionUser | undefined): string | undefined {
  if (!user) return undefined
  const email = user.email ? cutEmail(user.email) : undefined
  if (user.provider === 'email') return email ?? user.name
  return user.handle ?? email ?? user.name
}

function cutEmail(email: string): string {
  const chars = [...email]
  return chars.length > emailDisplayLimit ? `${chars.slice(0, emailDisplayLimit).join('')}…` : email
}
