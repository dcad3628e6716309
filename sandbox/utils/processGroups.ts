/** Process groups of the sandbox's child processes still running, killed on `process.exit` as a last resort. */
const liveGroups = new Set<number>()
let exitHookInstalled = false

/**
 * Sends `signal` to the whole process group `pid` leads (a child spawned with `detached: true`);
 * a group that is already gone is not an error.
 *
 * @example
 * killGroup(child.pid, 'SIGTERM')
 */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // The group is already gone.
  }
}

/**
 * Remembers a detached child's process group so that it is killed (SIGKILL) if this Node process
 * exits before stopping it (anvil's guard, alto). Call {@link forgetGroup} once it has exited.
 *
 * @example
 * trackGroup(child.pid)
 */
export function trackGroup(pid: number | undefined): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.on('exit', () => {
      for (const group of liveGroups) killGroup(group, 'SIGKILL')
    })
  }
  if (pid !== undefined) liveGroups.add(pid)
}

/** Forgets a process group {@link trackGroup} remembered (its process has exited). */
export function forgetGroup(pid: number | undefined): void {
  if (pid !== undefined) liveGroups.delete(pid)
}
