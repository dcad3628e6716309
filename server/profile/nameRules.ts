/** The shortest label a name may have (spec §5: at least 4 characters). */
export const minNameLength = 4
/** The longest label (a DNS label). */
export const maxNameLength = 63

/**
 * Why a label breaks the naming rule (spec §5: letters, digits and hyphens only, at least 4
 * characters), or `undefined` when it keeps it. The label is the part before the zone.
 *
 * @param label - e.g. `alice` of `alice.portico.id`
 * @returns the reason to show, or undefined
 * @example
 * nameRuleViolation('ab') // 'A name needs at least 4 characters'
 */
export function nameRuleViolation(label: string): string | undefined {
  if (label.length < minNameLength) return `A name needs at least ${minNameLength} characters`
  if (label.length > maxNameLength) return `A name has at most ${maxNameLength} characters`
  if (!/^[A-Za-z0-9-]+$/.test(label)) return 'A name may use only letters, digits and hyphens'
  return undefined
}
