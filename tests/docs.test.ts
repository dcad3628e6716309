import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

function files(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) files(full, out)
    else if (/\.(ts|tsx)$/.test(name)) out.push(full)
  }
  return out
}

/** GitHub's heading anchors: lower-case, spaces to hyphens, punctuation dropped. */
function anchors(markdown: string): Set<string> {
  return new Set(
    markdown
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')),
  )
}

describe('docs links in errors', () => {
  const sources = [...files(join(root, 'kernel')), ...files(join(root, 'ui')), ...files(join(root, 'plugins')), ...files(join(root, 'integrations'))]
  const links = new Map<string, string>()
  for (const file of sources) {
    const text = readFileSync(file, 'utf8')
    const docsVar = /const docs = '([^']+)'/.exec(text)?.[1]
    for (const match of text.matchAll(/docsPath: '([^']+)'/g)) links.set(match[1] as string, relative(root, file))
    if (docsVar) for (const match of text.matchAll(/\$\{docs\}#([a-z0-9-]+)/g)) links.set(`${docsVar}#${match[1]}`, relative(root, file))
  }

  it('finds the links', () => {
    expect(links.size).toBeGreaterThan(20)
  })

  it.each([...links.keys()].sort())('%s exists', (link) => {
    const [path, anchor] = link.split('#') as [string, string | undefined]
    const file = join(root, 'docs', path)
    expect(existsSync(file), `${link} (from ${links.get(link)})`).toBe(true)
    if (anchor) expect(anchors(readFileSync(file, 'utf8')).has(anchor), `${link} (from ${links.get(link)})`).toBe(true)
  })
})
