import { readFileSync, readdirSync } from 'node:fs'

/**
 * Test helper: pids of live anvil processes (and of startAnvil's shell guard) started with
 * `--chain-id <chainId>`, read from /proc (Linux). Lets a test prove that nothing outlived
 * `stop()` or its parent. Tests give such anvils chain ids no other test uses.
 */
export function findAnvilProcesses(chainId: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let argv: string[]
    let state: string | undefined
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0]
    } catch {
      continue // the process ended while we looked
    }
    if (state === 'Z') continue // exited, only waiting to be reaped
    const isOurs = (argv[0]?.endsWith('/anvil') ?? false) || argv.includes('portico-anvil')
    const chainIndex = argv.indexOf('--chain-id')
    if (isOurs && chainIndex >= 0 && argv[chainIndex + 1] === String(chainId)) found.push(Number(entry))
  }
  return found
}
