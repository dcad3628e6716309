// Removes dist/ so a build never ships stale files.
import { rmSync } from 'node:fs'
rmSync(new URL('../../dist', import.meta.url), { recursive: true, force: true })
