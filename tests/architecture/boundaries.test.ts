import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { meta as eip155Meta } from '../../plugins/eip155/meta.js'
import { meta as siwxMeta } from '../../plugins/siwx/meta.js'
import { meta as solanaMeta } from '../../plugins/solana/meta.js'
import { meta as walletConnectMeta } from '../../plugins/walletconnect/meta.js'
import { storeMethods } from '../../kernel/stores/readonlyStores.js'
import { checkBoundaries, readSources, type BoundaryRules } from './checkBoundaries.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
// What package.json exports, each subpath with the source file its types come from
// (`./polkadot/server` → plugins/polkadot/server/index.ts).
const exportsMap = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string | { types?: string }> }).exports
const publicEntries = Object.entries(exportsMap).flatMap(([subpath, target]) => {
  const types = typeof target === 'string' ? undefined : target.types
  return types ? [{ subpath, file: types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts') }] : []
})
const rules: BoundaryRules = {
  namespaces: ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'],
  pluginViewIds: [eip155Meta, siwxMeta, solanaMeta, walletConnectMeta].flatMap((m) => [...(m.views ?? [])]),
  storeChangers: storeMethods.change,
  publicEntries,
}

describe('architecture boundaries', () => {
  it('knows the plugin views it guards', () => {
    expect(rules.pluginViewIds).toEqual(expect.arrayContaining(['ConnectingWalletConnect', 'SIWXSignMessage']))
  })

  it('reads the public entries from package.json', () => {
    expect(publicEntries).toEqual(expect.arrayContaining([{ subpath: '.', file: 'kernel/index.ts' }, { subpath: './polkadot', file: 'plugins/polkadot/index.ts' }, { subpath: './siwx/server', file: 'plugins/siwx/server/index.ts' }]))
  })

  it('holds in kernel/, chain-kit/, ui/, plugins/, integrations/, server/ and sandbox/', () => {
    const sources = readSources(root)
    for (const part of ['chain-kit/', 'integrations/wagmi/', 'server/blockchain/', 'sandbox/polkadot/']) expect(sources.some((f) => f.path.startsWith(part)), part).toBe(true)
    const violations = checkBoundaries(readSources(root), rules)
    expect(violations.map((v) => `${v.path}:${v.line} ${v.detail}`)).toEqual([])
  })

  it('fails when the kernel or UI names a namespace or a plugin view, in code but not in comments', () => {
    const files = [
      { path: 'kernel/actions/x.ts', text: "// eip155 in a comment is fine\nconst list = ['eip155', 'solana']\n" },
      { path: 'ui/utils/y.ts', text: "/** SIWXSignMessage */\nexport const go = (push: (v: string) => void) => push('SIWXSignMessage')\n" },
      { path: 'ui/utils/z.tsx', text: 'export const n = `${"a"}:cosmos`\nexport const ok = "eip1559"\n' },
      { path: 'kernel/types/caip.ts', text: "export type K = 'eip155'\n" },
      { path: 'plugins/eip155/a.ts', text: "export const ns = 'eip155'\n" },
    ]
    expect(checkBoundaries(files, rules).map((v) => [v.path, v.line, v.rule])).toEqual([
      ['kernel/actions/x.ts', 2, 'namespace'],
      ['kernel/actions/x.ts', 2, 'namespace'],
      ['ui/utils/y.ts', 2, 'view'],
      ['ui/utils/z.tsx', 1, 'namespace'],
    ])
  })

  it('fails on imports across the boundaries', () => {
    const files = [
      { path: 'kernel/actions/a.ts', text: "import { x } from '../../ui/kit.js'\nexport { y } from '../../plugins/eip155/index.js'\nconst z = () => import('../../tests/helpers/chromium.js')\nimport { ok } from '../stores/WalletStore.js'\nimport { makeObservable } from 'mobx'\n" },
      { path: 'ui/hooks/b.ts', text: "import { s } from '../../plugins/siwx/stores/SiwxStore.js'\nimport { k } from '../../kernel/kernel.js'\n" },
      { path: 'plugins/walletconnect/c.ts', text: "import { s } from '../siwx/index.js'\nimport { u } from '../../ui/hooks/usePortico.js'\nimport { v } from '../../ui/kit.js'\nimport { own } from './constants.js'\n" },
      { path: 'integrations/wagmi/d.ts', text: "import { k } from '../../kernel/kernel.js'\nimport { e } from '../../plugins/eip155/index.js'\nimport { r } from '../../ui/kit.js'\nimport { own } from './errors.js'\nimport { t } from '../../tests/helpers/chromium.js'\nimport { other } from '../ethers/index.js'\nimport { createConnector } from '@wagmi/core'\n" },
    ]
    expect(checkBoundaries(files, rules).map((v) => [v.path, v.line])).toEqual([
      ['kernel/actions/a.ts', 1],
      ['kernel/actions/a.ts', 2],
      ['kernel/actions/a.ts', 3],
      ['ui/hooks/b.ts', 1],
      ['plugins/walletconnect/c.ts', 1],
      ['plugins/walletconnect/c.ts', 2],
      ['integrations/wagmi/d.ts', 2],
      ['integrations/wagmi/d.ts', 3],
      ['integrations/wagmi/d.ts', 5],
      ['integrations/wagmi/d.ts', 6],
    ])
  })

  it('fails when a plugin or a bridge imports the kernel past portico, portico/kernel and portico/errors (issue 45)', () => {
    const files = [
      { path: 'plugins/solana/networks/x.ts', text: "import { svgDataUrl } from '../../../kernel/utils/svgDataUrl.js'\nimport { defineLazyPlugin } from '../../../kernel/index.js'\n" },
      { path: 'plugins/send/stores/y.ts', text: "import { memoByteLength } from '../../../kernel/actions/sendMemoRule.js'\nimport { parseDecimalUnits } from '../../../kernel/kernel.js'\nimport { BaseError } from '../../../kernel/errors/index.js'\n" },
      { path: 'integrations/wagmi/z.ts', text: "import type { Portico } from '../../kernel/types/portico.js'\nimport { toPorticoHandle } from '../../kernel/index.js'\n" },
    ]
    expect(checkBoundaries(files, rules).map((v) => [v.path, v.line, v.detail.includes('deep path')])).toEqual([
      ['plugins/solana/networks/x.ts', 1, true],
      ['plugins/send/stores/y.ts', 1, true],
      ['integrations/wagmi/z.ts', 1, true],
    ])
  })

  it('keeps the chain kit on the kernel entries, and plugins on the chain kit entry', () => {
    const files = [
      { path: 'chain-kit/a.ts', text: "import type { Network } from '../kernel/index.js'\nimport { ProviderRpcError } from '../kernel/errors/index.js'\nimport { x } from '../kernel/stores/AccountStore.js'\nimport { b } from '../ui/kit.js'\nimport { c } from '../plugins/eip155/index.js'\nimport { own } from './callJsonApi.js'\n" },
      { path: 'plugins/cosmos/b.ts', text: "import { callJsonApi } from '../../chain-kit/index.js'\nimport { callJsonApi as deep } from '../../chain-kit/callJsonApi.js'\n" },
      { path: 'kernel/index.ts', text: "export { defineChainNetwork } from '../chain-kit/defineChainNetwork.js'\n" },
      { path: 'kernel/actions/c.ts', text: "import { callJsonApi } from '../../chain-kit/index.js'\n" },
    ]
    expect(checkBoundaries(files, rules).map((v) => [v.path, v.line])).toEqual([
      ['chain-kit/a.ts', 3],
      ['chain-kit/a.ts', 4],
      ['chain-kit/a.ts', 5],
      ['plugins/cosmos/b.ts', 2],
      ['kernel/actions/c.ts', 1],
    ])
  })

  it('fails when the server or the sandbox imports a plugin past its public entries, or the UI', () => {
    const files = [
      {
        path: 'server/blockchain/a.ts',
        text: [
          "import { decodeSs58 } from '../../plugins/polkadot/utils/ss58.js'",
          "import { readPolkadotAccount } from '../../plugins/polkadot/server/index.js'",
          "import { polkadot } from '../../plugins/polkadot/index.js'",
          "import type { SiwxServer } from '../../plugins/siwx/server/types.js'",
          "export { isSuiAddress } from '../../plugins/sui/utils/isSuiAddress.js'",
          "const lazy = () => import('../../plugins/cosmos/actions/verifyCosmosSignature.js')",
          "import { Button } from '../../ui/kit.js'",
          "import { BaseError } from '../../kernel/kernel.js'",
          "import { own } from '../utils/badRequest.js'",
        ].join('\n'),
      },
      {
        path: 'sandbox/demo/b.tsx',
        text: "import { eip155 } from 'portico/eip155'\nimport { ss58 } from 'portico/polkadot/utils/ss58'\nimport { usePortico } from '../../ui/hooks/usePortico.js'\nimport { devMnemonic } from '../devnets/devAccounts.js'\nimport { x } from '../../plugins/stacks/server/index.js'\n",
      },
    ]
    expect(checkBoundaries(files, rules).map((v) => [v.path, v.line])).toEqual([
      ['server/blockchain/a.ts', 1],
      ['server/blockchain/a.ts', 4],
      ['server/blockchain/a.ts', 5],
      ['server/blockchain/a.ts', 6],
      ['server/blockchain/a.ts', 7],
      ['sandbox/demo/b.tsx', 2],
      ['sandbox/demo/b.tsx', 3],
    ])
  })

  it('fails when a plugin changes a kernel store directly, but not when it reads one', () => {
    const files = [
      {
        path: 'plugins/siwx/a.ts',
        text: [
          "export function f(portico: any) {",
          "  portico.stores.router.push('Connect')",
          "  const { toasts, modal: m, connections } = portico.stores",
          "  toasts.showError('x')",
          "  m.addCloseGuard(() => true)",
          "  connections.isConnected('a')",
          "  portico.stores.networks.find('a:b')",
          "  portico.showToast({ variant: 'error', message: 'x' })",
          "}",
        ].join('\n'),
      },
      { path: 'ui/views/b.ts', text: "export const g = (p: any) => p.stores.router.push('Connect')\n" },
    ]
    expect(checkBoundaries(files, rules).map((v) => [v.path, v.line, v.rule])).toEqual([
      ['plugins/siwx/a.ts', 2, 'store'],
      ['plugins/siwx/a.ts', 4, 'store'],
      ['plugins/siwx/a.ts', 5, 'store'],
    ])
  })
})
