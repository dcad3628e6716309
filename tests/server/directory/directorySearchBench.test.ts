import { describe, expect, it } from 'vitest'
import { benchDirectorySearch } from '../../../scripts/bench/directorySearchBench.js'

// The benchmark itself runs under `npm run bench`; this only proves it still works (a few queries).
describe('benchDirectorySearch', () => {
  it('times real searches against a loopback server and reports median and p95', async () => {
    const result = await benchDirectorySearch({ queries: 30, warmup: 5 })
    expect(result.queries).toBe(30)
    expect(result.medianMs).toBeGreaterThan(0)
    expect(result.p95Ms).toBeGreaterThanOrEqual(result.medianMs)
  })
})
