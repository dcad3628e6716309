/**
 * Directory search latency: a real Portico server on loopback (fresh temp data directory, relay
 * off) answers a fixed, bounded list of `/getWallets` searches over the checked-in 300-wallet
 * file; each request is timed end to end (fetch to parsed JSON), one at a time.
 *
 * Run alone: `npx tsx scripts/bench/directorySearchBench.ts`
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from '../../server/createServer.js'
import { testDirectoryFile } from '../../server/directory/testDirectory.js'

export type BenchDirectorySearchParameters = {
  /** Timed queries (default 600, at most 10 000). */
  queries?: number
  /** Untimed warm-up queries (default 50). */
  warmup?: number
}
export type BenchDirectorySearchReturnType = { medianMs: number; p95Ms: number; queries: number }

// What visitors type: prefixes, whole words, misses, unicode, metacharacters, with the modal's filters.
const searches = ['a', 'au', 'aur', 'vault', 'Wallet', 'keys', 'pay', 'zz-no-match', 'zürich', '桜', '%', "d'arcy", 'safe', 'nova', 'o']
const filters = ['', '&chains=eip155:1', '&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp,eip155:8453', '&badge_type=certified']

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

/**
 * Measures `/getWallets` search latency against a real server on 127.0.0.1.
 *
 * @param parameters - number of timed and warm-up queries
 * @returns the median and 95th-percentile latency in milliseconds, and the number of timed queries
 * @example
 * const { medianMs, p95Ms } = await benchDirectorySearch()
 */
export async function benchDirectorySearch({ queries = 600, warmup = 50 }: BenchDirectorySearchParameters = {}): Promise<BenchDirectorySearchReturnType> {
  const count = Math.min(10_000, Math.max(1, Math.floor(queries)))
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
  const server = await createServer({ port: 0, relay: false, chains: [], dataDir, directory: testDirectoryFile })
  try {
    const urlFor = (i: number) =>
      `${server.url}/getWallets?page=1&entries=100&search=${encodeURIComponent(searches[i % searches.length] as string)}${filters[Math.floor(i / searches.length) % filters.length]}`
    for (let i = 0; i < warmup; i++) await (await fetch(urlFor(i))).json()
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      const response = await fetch(urlFor(i))
      const body = (await response.json()) as { count?: number }
      times.push(performance.now() - start)
      if (response.status !== 200 || typeof body.count !== 'number') throw new Error(`query ${urlFor(i)} failed with ${response.status}`)
    }
    times.sort((a, b) => a - b)
    const round = (ms: number) => Math.round(ms * 1000) / 1000
    return { medianMs: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), queries: count }
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchDirectorySearch().then(
    (result) => console.log(JSON.stringify(result)),
    (error: Error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
