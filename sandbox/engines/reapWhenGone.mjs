// The engines' watchdog (sandbox/engines/startEngines.ts starts it, detached): when the process
// that started the engines is gone — a test worker killed at a timeout, a sandbox sent SIGKILL —
// nothing else would stop Postgres and Redis, so this stops them and removes their folder.
// Usage: node reapWhenGone.mjs <owner pid> <folder> <pid> [<pid> …]
import { rmSync } from 'node:fs'

const [owner, folder, ...pids] = process.argv.slice(2)
const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}
const ownerPid = Number(owner)
const children = pids.map(Number).filter((pid) => Number.isInteger(pid) && pid > 1)
const timer = setInterval(() => {
  if (children.every((pid) => !alive(pid))) {
    // Stopped by their owner: nothing left to do.
    clearInterval(timer)
    return
  }
  if (alive(ownerPid)) return
  clearInterval(timer)
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  // Give the kernel a moment to release their files, then remove the folder.
  setTimeout(() => rmSync(folder, { recursive: true, force: true }), 500)
}, 1000)
