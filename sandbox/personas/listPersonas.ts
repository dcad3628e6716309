import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { WalletPersonaError } from '../errors.js'
import type { WalletPersona } from './types.js'

const personasDir = fileURLToPath(new URL('.', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url))
const entrySuffix = '.entry.ts'
const namePattern = /^[a-z0-9][a-z0-9-]*$/

/**
 * Every wallet persona of the sandbox, found by its layout (`sandbox/personas/<wallet>/<namespace>.entry.ts`,
 * cited in `docs/wallets/<wallet>.md`), ordered by namespace, then wallet.
 *
 * @throws WalletPersonaError when a persona has no docs page, or its docs page no `# Name` heading
 * @example
 * listPersonas().filter((persona) => persona.namespace === 'bip122')
 */
export function listPersonas(): WalletPersona[] {
  const personas: WalletPersona[] = []
  for (const folder of readdirSync(personasDir, { withFileTypes: true })) {
    if (!folder.isDirectory() || !namePattern.test(folder.name)) continue
    const wallet = folder.name
    const entries = readdirSync(`${personasDir}/${wallet}`).filter((file) => file.endsWith(entrySuffix))
    if (entries.length === 0) continue
    const docs = `docs/wallets/${wallet}.md`
    let text: string
    try {
      text = readFileSync(`${repositoryRoot}/${docs}`, 'utf8')
    } catch {
      throw new WalletPersonaError(`The wallet persona "${wallet}" has no ${docs}: cite the wallet's public documentation it follows there.`)
    }
    const name = /^# (.+)$/m.exec(text)?.[1]?.trim()
    if (!name) throw new WalletPersonaError(`${docs} has no "# <wallet name>" heading.`)
    for (const file of entries) {
      const namespace = file.slice(0, -entrySuffix.length)
      if (!namePattern.test(namespace)) continue
      personas.push({ id: `${namespace}/${wallet}`, namespace, wallet, name, script: `/personas/${wallet}-${namespace}.js`, entry: `personas/${wallet}/${file}`, docs })
    }
  }
  return personas.sort((a, b) => a.namespace.localeCompare(b.namespace) || a.wallet.localeCompare(b.wallet))
}
