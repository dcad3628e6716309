// Each plugin's own SDKs are optional peer dependencies of portico (issue 50): the plugin's meta
// names them at the versions package.json pins, package.json declares each one optional (and keeps
// it in devDependencies, so the repository's install has it), none is a dependency every site
// installs, and the plugin's loader reports a missing one by name with the install command.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MissingPeerDependencyError } from '../../kernel/errors/index.js'
import { meta as bip122Meta } from '../../plugins/bip122/meta.js'
import { loadBip122Peer } from '../../plugins/bip122/peers.js'
import { meta as ledgerMeta } from '../../plugins/ledger/meta.js'
import { loadLedgerPeer } from '../../plugins/ledger/peers.js'
import { meta as polkadotMeta } from '../../plugins/polkadot/meta.js'
import { loadPolkadotPeer } from '../../plugins/polkadot/peers.js'
import { meta as solanaMeta } from '../../plugins/solana/meta.js'
import { loadSolanaPeer } from '../../plugins/solana/peers.js'
import { meta as suiMeta } from '../../plugins/sui/meta.js'
import { loadSuiPeer } from '../../plugins/sui/peers.js'
import { meta as walletConnectMeta } from '../../plugins/walletconnect/meta.js'
import { loadWalletConnectPeer } from '../../plugins/walletconnect/peers.js'

type Manifest = {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}
const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as Manifest

const plugins = [
  { name: 'ledger', peers: ledgerMeta.peerDependencies, load: loadLedgerPeer },
  { name: 'polkadot', peers: polkadotMeta.peerDependencies, load: loadPolkadotPeer },
  { name: 'bip122', peers: bip122Meta.peerDependencies, load: loadBip122Peer },
  { name: 'solana', peers: solanaMeta.peerDependencies, load: loadSolanaPeer },
  { name: 'sui', peers: suiMeta.peerDependencies, load: loadSuiPeer },
  { name: 'walletconnect', peers: walletConnectMeta.peerDependencies, load: loadWalletConnectPeer },
] as const

/** Optional peers that belong to no plugin: React for portico/react, @wagmi/core for portico/wagmi, and sats-connect, which the site imports itself and hands to bip122 (`satsConnect: () => import('sats-connect')`). */
const notAPluginsPeer = ['react', 'react-dom', '@wagmi/core', 'sats-connect']

/** Node's error for a bare specifier it cannot find (the fake loader of these unit tests). */
const nodeNotFound = (name: string) => Object.assign(new Error(`Cannot find package '${name}' imported from /site/node_modules/portico/dist/x.js`), { code: 'ERR_MODULE_NOT_FOUND' })

describe("plugins' optional peer dependencies", () => {
  it.each(plugins)("$name: its meta's peers are optional peers of package.json, at the same pinned versions", ({ peers }) => {
    expect(Object.keys(peers).length).toBeGreaterThan(0)
    for (const [name, version] of Object.entries(peers)) {
      expect(pkg.peerDependencies[name], name).toBe(version)
      expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true)
      expect(pkg.devDependencies[name], name).toBe(version)
      expect(pkg.dependencies[name], name).toBeUndefined()
    }
  })

  it("every optional peer is a plugin's, or one of the few that are a site's own", () => {
    const claimed = new Set(plugins.flatMap(({ peers }) => Object.keys(peers)))
    const unclaimed = Object.keys(pkg.peerDependencies).filter((name) => !claimed.has(name))
    expect(unclaimed.sort()).toEqual([...notAPluginsPeer].sort())
    for (const name of Object.keys(pkg.peerDependencies)) expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true)
  })

  it.each(plugins)("$name: the getting-started guide and the plugin's page give its install command", ({ name, peers }) => {
    const command = `npm install ${Object.entries(peers)
      .map(([peer, version]) => `${peer}@${version}`)
      .join(' ')}`
    expect(readFileSync(join(import.meta.dirname, '../../docs/guides/getting-started.md'), 'utf8')).toContain(command)
    expect(readFileSync(join(import.meta.dirname, `../../docs/plugins/${name}.md`), 'utf8')).toContain(command)
  })

  it('the ledger plugin names a missing transport and the command that installs its peers', async () => {
    const error = await loadLedgerPeer(() => Promise.reject(nodeNotFound('@ledgerhq/hw-transport-webhid'))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingPeerDependencyError)
    expect((error as MissingPeerDependencyError).shortMessage).toBe('The ledger plugin needs `@ledgerhq/hw-transport-webhid`: npm install @ledgerhq/hw-transport-webhid@6.36.0')
    expect((error as MissingPeerDependencyError).installCommand).toBe(
      'npm install @ledgerhq/hw-app-btc@11.4.0 @ledgerhq/hw-app-eth@7.9.0 @ledgerhq/hw-app-solana@7.11.0 @ledgerhq/hw-transport-webhid@6.36.0 @ledgerhq/hw-transport-webusb@6.35.0 @mysten/ledgerjs-hw-app-sui@0.8.1 @mysten/sui@1.45.2 @stacks/transactions@7.6.0 @zondax/ledger-cosmos-js@4.2.0 @zondax/ledger-stacks@2.0.0 @zondax/ledger-substrate@3.0.0 @polkadot-api/merkleize-metadata@1.3.0 @scure/btc-signer@1.8.1 buffer@6.0.3',
    )
  })

  it.each(plugins)('$name: each of its peers, missing, is a MissingPeerDependencyError of the plugin; a loaded module passes through', async ({ name, peers, load }) => {
    for (const [peer, version] of Object.entries(peers)) {
      const error = (await load(() => Promise.reject(nodeNotFound(`${peer}/sub`))).catch((e: unknown) => e)) as MissingPeerDependencyError
      expect(error).toBeInstanceOf(MissingPeerDependencyError)
      expect(error.plugin).toBe(name)
      expect(error.packageName).toBe(peer)
      expect(error.shortMessage).toBe(`The ${name} plugin needs \`${peer}\`: npm install ${peer}@${version}`)
    }
    const module = { loaded: true }
    expect(await load(async () => module)).toBe(module)
  })
})
