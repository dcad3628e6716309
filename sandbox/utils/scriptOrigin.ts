/**
 * The origin the running script was loaded from (`document.currentScript`), so an extension-style
 * wallet script sends its reads back to the sandbox that served it. Call it while the script runs.
 *
 * @example
 * const origin = scriptOrigin() ?? window.location.origin
 */
export function scriptOrigin(): string | undefined {
  const script = document.currentScript
  if (script instanceof HTMLScriptElement && script.src) {
    try {
      return new URL(script.src).origin
    } catch {
      return undefined
    }
  }
  return undefined
}
