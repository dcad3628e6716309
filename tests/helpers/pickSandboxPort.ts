import { assertPortFree } from '../../sandbox/utils/assertPortFree.js'

/**
 * Picks a random base port from 20000–59990 whose ports (PORT..PORT+13) are free.
 *
 * @returns the base port
 */
export async function pickSandboxPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 2_000) * 20
    try {
      for (let i = 0; i < 14; i++) await assertPortFree(base + i)
      return base
    } catch {
      // taken: try another
    }
  }
  throw new Error('Found no free block of 14 ports for the sandbox.')
}
