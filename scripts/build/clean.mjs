// Removes dist/ and dist-server/ (the portico-server package) so a build never ships stale files.
import { rmSync } from 'node:fs'
rmSync(new URL('../../dist', import.meta.url), { recursive: true, force: true })
rmSync(new URL('../../dist-server', import.meta.url), { recursive: true, force: true })
