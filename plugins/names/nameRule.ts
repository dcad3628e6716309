/**
 * Why a label breaks the naming rule (spec §5: letters, digits and hyphens only, at least 4
 * characters), as a message key of this plugin, or undefined when it keeps it.
 *
 * @example
 * nameRule('abc') // 'names.rule.short'
 */
export function nameRule(label: string): 'names.rule.short' | 'names.rule.characters' | 'names.rule.long' | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return 'names.rule.characters'
  if (label.length < 4) return 'names.rule.short'
  if (label.length > 63) return 'names.rule.long'
  return undefined
}
