const projectIdPattern = /^[A-Za-z0-9_-]{1,128}$/

/**
 * Whether a string is a well-formed project id (letters, digits, `_` and `-`, at most 128).
 *
 * @example
 * isProjectId('b56e18d47c72ab683b10814fe9495694') // true
 */
export function isProjectId(value: string): boolean {
  return projectIdPattern.test(value)
}
