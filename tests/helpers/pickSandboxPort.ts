import { assertPortFree } from '../../sandbox/utils/assertPortFree.js'

/**
 * Picks a random base port from 20000–32740 whose ports (PORT..PORT+13) are free. It stays below
 * Linux's ephemeral range (32768–60999), where the system hands out the ports of outgoing
 * connections and `listen(0)` (Chromium, the engines, the other worker's clients): a block picked
 * there could be taken between this check and the sandbox's bind.
 *
 * @returns the base port
 */
export async function pickSandboxPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 638) * 20
    try {
      for (let i = 0; i < 14; i++) await assertPortFree(base + i)
      return base
    } catch {
      // taken: try another
    }
  }
  throw new Error('Found no free block of 14 ports for the sandbox.')
}
