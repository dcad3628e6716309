import { readFileSync } from 'node:fs'

export type WatchAncestorsParameters = {
  /** How many generations up to watch (parent, grandparent, …). Default 3: tsx, sh, npm. */
  levels?: number
  /** How often to look. Default 1000 ms. */
  intervalMs?: number
  /**
   * Watch these processes instead of the ancestors (a test suite that outlives the worker which
   * started the sandbox names its own main process); being orphaned is then expected.
   */
  pids?: readonly number[]
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Calls `onGone` once when a process that started this one goes away. `npm start` runs
 * `sh -c "tsx sandbox/start.ts"`, and when npm is sent SIGTERM it forwards the signal to that shell,
 * which dies without passing it on: without this watch the sandbox would live on as an orphan
 * holding its ports. (Ctrl-C reaches every process of the group and needs no help.)
 *
 * @param onGone called once, when an ancestor has exited
 * @param parameters how far up and how often to look
 * @returns a function that stops watching
 * @example
 * const unwatch = watchAncestors(() => shutdown(0))
 */
export function watchAncestors(onGone: () => void, parameters: WatchAncestorsParameters = {}): () => void {
  const levels = parameters.levels ?? 3
  const owners = parameters.pids?.filter((p) => Number.isInteger(p) && p > 1) ?? []
  const ancestors: number[] = [...owners]
  let pid = owners.length ? 0 : process.ppid
  for (let i = 0; i < levels && pid > 1; i++) {
    ancestors.push(pid)
    const next = process.platform === 'linux' ? parentOf(pid) : undefined
    if (next === undefined) break
    pid = next
  }
  const timer = setInterval(() => {
    if (ancestors.some((p) => !isAlive(p)) || (!owners.length && process.ppid === 1)) {
      clearInterval(timer)
      onGone()
    }
  }, parameters.intervalMs ?? 1_000)
  timer.unref()
  return () => clearInterval(timer)
}
