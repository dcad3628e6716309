/**
 * `text` with every character a regular expression gives a meaning escaped, to match it literally
 * inside a pattern (an address with `…`, a token name with `.`, a network name with `(`).
 *
 * @example
 * page.getByRole('button', { name: new RegExp(`^Account 2 ${escapeRegExp(address)} `) })
 */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
