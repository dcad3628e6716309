// The demo site's networks are all local test chains, so each says so (`testnet: true`): the
// Networks view marks a network "Testnet" from that flag alone (tests/ui/networksView.test.tsx),
// and issue 52 saw the badge on some of the demo's test networks and not others.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const source = readFileSync(join(import.meta.dirname, '..', '..', 'sandbox', 'demo', 'demo.entry.tsx'), 'utf8')

/** Each `const x = define…Network({ … })` of the page: its name and its argument's text. */
function definitions(): { name: string; body: string }[] {
  const found: { name: string; body: string }[] = []
  for (const match of source.matchAll(/const (\w+) = define\w*Network\(\{/g)) {
    let depth = 1
    let at = match.index + match[0].length
    while (depth > 0 && at < source.length) {
      if (source[at] === '{') depth += 1
      else if (source[at] === '}') depth -= 1
      at += 1
    }
    found.push({ name: match[1]!, body: source.slice(match.index + match[0].length, at - 1) })
  }
  return found
}

describe("the demo site's networks", () => {
  it('are all passed to createPortico, and each is marked testnet: true', () => {
    const all = definitions()
    const listed = /networks: \[([^\]]+)\]/.exec(source)?.[1]?.split(',').map((n) => n.trim()) ?? []
    expect(all.map((d) => d.name).sort()).toEqual([...listed].sort())
    expect(all.length).toBe(8)
    for (const { name, body } of all) expect(body, name).toMatch(/\btestnet: true\b/)
  })
})
