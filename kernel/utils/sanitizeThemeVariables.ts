import { InvalidThemeVariableError } from '../errors/options.js'
import { themeVariableNames, type PorticoThemeVariableName } from '../types/theme.js'

export type SanitizeThemeVariablesReturnType = {
  /** The valid entries, by full CSS name (`--portico-accent`), as CSS text. */
  variables: Partial<Record<`--portico-${PorticoThemeVariableName}`, string>>
  /** One error per ignored entry. */
  issues: InvalidThemeVariableError[]
}

const known = new Set<string>(themeVariableNames)
// What a colour, length, font list, shadow or z-index needs, and nothing that can end the
// declaration, open a block, load a resource or run script.
const hostile = /[;{}<>\\@]|\/\*|url\s*\(|image(?:-set)?\s*\(|expression\s*\(|javascript:|[\u0000-\u001f\u007f]/i

/**
 * Checks a site's `themeVariables` against the theme contract: keeps known names with safe values,
 * turns numbers into pixels (except `z-index`), and returns one typed error per entry it ignores.
 * Never throws.
 *
 * @param variables - `options.themeVariables`
 * @returns the CSS variables to set, and the ignored entries' errors
 * @example
 * sanitizeThemeVariables({ accent: '#0a7', radius: 4, colour: 'red' })
 * // { variables: { '--portico-accent': '#0a7', '--portico-radius': '4px' }, issues: [InvalidThemeVariableError] }
 */
export function sanitizeThemeVariables(variables: unknown): SanitizeThemeVariablesReturnType {
  const result: SanitizeThemeVariablesReturnType = { variables: {}, issues: [] }
  if (variables === undefined || variables === null) return result
  if (typeof variables !== 'object' || Array.isArray(variables)) {
    result.issues.push(new InvalidThemeVariableError({ variable: 'themeVariables', reason: 'must be an object of variable names to values' }))
    return result
  }
  for (const [key, value] of Object.entries(variables)) {
    const name = key.startsWith('--portico-') ? key.slice('--portico-'.length) : key
    if (!known.has(name)) {
      result.issues.push(new InvalidThemeVariableError({ variable: key, reason: 'not a variable of the theme contract' }))
      continue
    }
    let text: string
    if (typeof value === 'number' && Number.isFinite(value)) text = name === 'z-index' ? String(Math.trunc(value)) : `${value}px`
    else if (typeof value === 'string' && value.trim() !== '' && value.length <= 200 && !hostile.test(value)) text = value.trim()
    else {
      result.issues.push(new InvalidThemeVariableError({ variable: key, reason: typeof value === 'string' ? 'not a safe CSS value (no url(), ;, braces or comments; at most 200 characters)' : 'must be a string or a finite number' }))
      continue
    }
    result.variables[`--portico-${name as PorticoThemeVariableName}`] = text
  }
  return result
}
