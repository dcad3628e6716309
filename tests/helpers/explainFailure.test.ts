import { describe, expect, it } from 'vitest'
import { explainFailure } from './explainFailure.js'

describe('explainFailure', () => {
  it('passes a result through without asking for a description', async () => {
    let asked = 0
    expect(await explainFailure(Promise.resolve(7), async () => `${++asked}`)).toBe(7)
    expect(asked).toBe(0)
  })

  it('adds what the pages showed to a failure, keeping the error; wraps a non-Error; says when the pages could not be read', async () => {
    const timeout = new TypeError('locator.waitFor: Timeout 20000ms exceeded.')
    const thrown = await explainFailure(Promise.reject(timeout), async () => 'The dialog: none').catch((error: unknown) => error)
    expect(thrown).toBe(timeout)
    expect((thrown as Error).message).toBe('locator.waitFor: Timeout 20000ms exceeded.\nThe dialog: none')
    await expect(explainFailure(Promise.reject('gone'), async () => 'The popup: closed')).rejects.toThrow(/^gone\nThe popup: closed$/)
    await expect(
      explainFailure(Promise.reject(new Error('x')), async () => {
        throw new Error('Target page, context or browser has been closed')
      }),
    ).rejects.toThrow(/^x\n\(the pages could not be read: Error: Target page, context or browser has been closed\)$/)
  })
})
