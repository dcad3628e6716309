/**
 * Awaits `step`; when it fails, its error says what `describe` tells about the page(s) at that
 * moment, so a wait that timed out names what was on screen instead of only what was missing.
 *
 * @example
 * await explainFailure(transfer.waitFor(), pair.describe)
 */
export async function explainFailure<T>(step: Promise<T>, describe: () => Promise<string>): Promise<T> {
  try {
    return await step
  } catch (error) {
    const said = await describe().catch((reason: unknown) => `(the pages could not be read: ${String(reason)})`)
    if (error instanceof Error) {
      error.message = `${error.message}\n${said}`
      throw error
    }
    throw new Error(`${String(error)}\n${said}`)
  }
}
