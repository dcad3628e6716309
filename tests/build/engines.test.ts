// README promises that `npm install` on Node 20.19 prints no EBADENGINE warning. npm warns for every
// installed package whose `engines.node` does not accept the running Node, so every package in the
// lockfile that installs on this platform must accept the oldest Node the README names.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>
}

/** The oldest Node our own `engines` range accepts (`>=20.19` → 20.19.0). */
const oldestNode = semver.minVersion(pkg.engines.node)!.version

describe('engines', () => {
  it(`the project itself names Node ${oldestNode} as its oldest`, () => {
    expect(semver.satisfies(oldestNode, pkg.engines.node)).toBe(true)
    expect(semver.major(oldestNode)).toBe(20)
  })

  it('every locked package that installs here accepts that Node', () => {
    const refused: string[] = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '') continue
      if (entry.os && !entry.os.includes(process.platform)) continue
      if (entry.cpu && !entry.cpu.includes(process.arch)) continue
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      if (range && !semver.satisfies(oldestNode, range)) refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${range}`)
    }
    expect(refused).toEqual([])
  })
})
