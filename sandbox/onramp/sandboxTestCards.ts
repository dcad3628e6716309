/** What a card number does at the sandbox checkout. */
export type TestCardOutcome = { kind: 'approved'; brand: string } | { kind: 'declined'; reason: string } | { kind: 'invalid'; message: string }

/** The standard test cards that pay (the numbers card processors publish for testing). */
export const approvedTestCards: Record<string, string> = {
  '4242424242424242': 'Visa',
  '4000056655665556': 'Visa (debit)',
  '5555555555554444': 'Mastercard',
  '2223003122003222': 'Mastercard (2-series)',
  '378282246310005': 'American Express',
}

/** The standard test cards that are refused, and why. */
export const declinedTestCards: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was reported lost.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * What the sandbox checkout does with a card: the standard test numbers pay or are declined as
 * their issuers' test tables say; a mistyped number, a past or malformed expiry or a bad security
 * code is refused before anything is charged; any other real-looking number is refused too (the
 * sandbox takes test cards only).
 *
 * @example
 * testCardOutcome({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', now: new Date() }) // { kind: 'approved', brand: 'Visa' }
 */
export function testCardOutcome({ number, expiry, cvc, now }: { number: string; expiry: string; cvc: string; now: Date }): TestCardOutcome {
  const digits = number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { kind: 'invalid', message: 'The card number is not valid.' }
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry)
  const month = match ? Number(match[1]) : 0
  const year = match ? Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]) : 0
  if (!match || month < 1 || month > 12) return { kind: 'invalid', message: 'The expiry date must be MM/YY.' }
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return { kind: 'invalid', message: 'The card has expired: check the expiry date.' }
  if (!/^\d{3,4}$/.test(cvc.trim())) return { kind: 'invalid', message: 'The security code must be 3 or 4 digits.' }
  const declined = declinedTestCards[digits]
  if (declined) return { kind: 'declined', reason: declined }
  const brand = approvedTestCards[digits]
  if (brand) return { kind: 'approved', brand }
  return { kind: 'invalid', message: 'The sandbox takes test cards only, such as 4242 4242 4242 4242.' }
}
