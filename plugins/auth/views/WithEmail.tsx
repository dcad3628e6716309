import type { ReactNode } from 'react'

/** Stands in for the address in a translated sentence, so the address can be drawn apart. */
const slot = '\u0000'

/**
 * A translated sentence with an email address in it, the address kept in one piece: it goes to the
 * next line whole rather than breaking at its hyphen or dot (docs/design.md, "What truncates"), and
 * breaks anywhere only when it is longer than a line.
 *
 * @example
 * <WithEmail text={(email) => t('auth.emailLogin.sentTo', { email })} email="login-phone@example.com" />
 */
export function WithEmail({ text, email }: { text: (email: string) => string; email: string }): ReactNode {
  const parts = text(slot).split(slot)
  return parts.flatMap((part, index) => {
    if (index === 0) return [part]
    // The punctuation that follows the address ("….com.") stays on its line, not alone on the next.
    const glued = /^[^\s]*/.exec(part)?.[0] ?? ''
    return [
      <span key={index} className="portico-auth__sentence-email">
        {email + glued}
      </span>,
      part.slice(glued.length),
    ]
  })
}
