import '../../helpers/eip155Loaded.js'
import '../../helpers/siwxLoaded.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { createPorticoKernel, definePlugin, InvalidPluginOptionsError } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import * as client from '../../../plugins/siwx/index.js'
import * as server from '../../../plugins/siwx/server/index.js'
import * as utils from '../../../plugins/siwx/utils/index.js'
import * as errors from '../../../plugins/siwx/errors.js'
import { SiwxStore } from '../../../plugins/siwx/stores/SiwxStore.js'
import { checkPlugin } from '../../conformance/checkPlugin.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'
import { waitFor } from './helpers/recordingPage.js'
import { testVerifier } from './helpers/testVerifier.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })

describe('siwx: entry points', () => {
  it('portico/siwx exports exactly these names', () => {
    // What a page needs at start; the helpers the lazy flow shares are in portico/siwx/utils, the error classes in portico/siwx/errors.
    expect(Object.keys(client).sort()).toEqual(['createSiwxServerStore', 'siwx'])
  })

  it('portico/siwx/utils and portico/siwx/errors export exactly these names', () => {
    expect(Object.keys(utils).sort()).toEqual(['createLocalSessionStore', 'createSiwxMessage', 'generateNonce', 'isSiwxSession', 'parseSiwxMessage'])
    expect(Object.keys(errors).sort()).toEqual(
      [
        'SiwxBackendError', 'SiwxChainNotConfiguredError', 'SiwxDomainMismatchError', 'SiwxExpiredError', 'SiwxInitializeError', 'SiwxInvalidMessageError',
        'SiwxInvalidSignatureError', 'SiwxIssuedInFutureError', 'SiwxMessageError', 'SiwxNonceReusedError', 'SiwxNotYetValidError', 'SiwxSignInError',
        'SiwxUnknownNonceError', 'SiwxUnsupportedNamespaceError', 'SiwxUriMismatchError', 'SiwxVerificationError',
      ].sort(),
    )
  })

  it('portico/siwx/server exports exactly these names', () => {
    expect(Object.keys(server).sort()).toEqual(
      [
        'SiwxChainNotConfiguredError', 'SiwxDomainMismatchError', 'SiwxExpiredError', 'SiwxInvalidMessageError', 'SiwxInvalidSignatureError',
        'SiwxIssuedInFutureError', 'SiwxNonceReusedError', 'SiwxNotYetValidError', 'SiwxUnknownNonceError', 'SiwxUriMismatchError', 'SiwxVerificationError',
        'createMemoryNonceStore', 'createMemorySessionStore', 'createSiwxServer', 'eip155Verifier', 'parseSiwxMessage',
      ].sort(),
    )
  })

  it('the server entry pulls in no React, no UI and no view; the client entry loads its view and React lazily', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'portico-siwx-bundle-'))
    try {
      const result = await build({
        entryPoints: { server: join(root, 'plugins/siwx/server/index.ts'), client: join(root, 'plugins/siwx/index.ts') },
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'neutral',
        mainFields: ['module', 'main'],
        outdir,
        metafile: true,
        write: false,
        logLevel: 'silent',
        external: ['viem', 'viem/*', 'mobx', 'mobx-react-lite', 'react', 'react/*', 'node:crypto', '@rspack/lite-tapable'],
      })
      const outputs = result.metafile.outputs
      const entry = (name: string) => Object.entries(outputs).find(([, o]) => o.entryPoint?.endsWith(name))?.[1]
      const staticClosure = (output: NonNullable<ReturnType<typeof entry>>) => {
        const seen = new Set<string>()
        const inputs = new Set<string>()
        const imports = new Set<string>()
        const walk = (o: typeof output) => {
          for (const input of Object.keys(o.inputs)) inputs.add(input)
          for (const imp of o.imports) {
            if (imp.kind !== 'import-statement') continue
            imports.add(imp.path)
            const next = Object.entries(outputs).find(([path]) => path.endsWith(imp.path.replace(/^\.\//, '')))
            if (next && !seen.has(next[0])) {
              seen.add(next[0])
              walk(next[1])
            }
          }
        }
        walk(output)
        return { inputs: [...inputs], imports: [...imports] }
      }
      const serverClosure = staticClosure(entry('plugins/siwx/server/index.ts') as NonNullable<ReturnType<typeof entry>>)
      expect(serverClosure.inputs.some((i) => i.includes('/ui/') || i.includes('/views/') || i.endsWith('.tsx'))).toBe(false)
      expect(serverClosure.imports.filter((i) => /react|mobx/.test(i))).toEqual([])
      const clientClosure = staticClosure(entry('plugins/siwx/index.ts') as NonNullable<ReturnType<typeof entry>>)
      expect(clientClosure.inputs.some((i) => i.includes('SIWXSignMessageView'))).toBe(false)
      expect(clientClosure.imports.filter((i) => /react/.test(i))).toEqual([])
      // The eip155 verifier's viem (secp256k1, the ERC-6492 coder) loads on the first check only.
      expect(clientClosure.imports.filter((i) => /viem/.test(i))).toEqual([])
      expect(Object.values(outputs).some((o) => Object.keys(o.inputs).some((i) => i.includes('SIWXSignMessageView')))).toBe(true)
    } finally {
      rmSync(outdir, { recursive: true, force: true })
    }
  })
})

describe('siwx: the plugin contract', () => {
  it('passes checkPlugin (taps named siwx, declared hooks tapped, view registered, disposes cleanly)', async () => {
    const report = await checkPlugin({ plugin: client.siwx({ domain: 'example.com' }), withPlugins: [eip155({}, { window: null })], networks: [devnet] })
    expect(report.issues).toEqual([])
  })

  it('checkPlugin loads every locale the plugin ships and names a broken one', async () => {
    const plugin = client.siwx({ domain: 'example.com' })
    const broken = {
      ...plugin,
      locales: {
        ...plugin.locales,
        de: async () => ({ 'siwx.sign': 'Signieren', 'siwx.extra': 'Nur auf Deutsch' }),
        es: async () => ({ 'view.connect.title': 'Secuestrado' }),
      },
    }
    const report = await checkPlugin({ plugin: broken, withPlugins: [eip155({}, { window: null })], networks: [devnet] })
    expect(report.issues).toEqual([
      'locale "de" has "siwx.extra", which has no English default in messages',
      'locale "es" does not load: Invalid messages of plugin "siwx"',
      'locale "es" has "view.connect.title", which has no English default in messages',
    ])
  })

  it('bad options are refused with the option named', () => {
    const make = (options: Record<string, unknown>) => () =>
      createPorticoKernel({ networks: [devnet], plugins: [eip155({}, { window: null }), client.siwx(options as never)], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
    for (const [options, issue] of [
      [{ statement: 'two\nlines' }, /statement/],
      [{ getNonce: 'abc' }, /getNonce must be a function/],
      [{ expiration: -5 }, /expiration/],
      [{ domain: 'https://example.com/path' }, /domain/],
      [{ required: 'yes' }, /required must be boolean/],
      [{ sessionStore: 42 }, /sessionStore must be object/],
      [{ unknown: true }, /not a known option/],
    ] as const) {
      let error: unknown
      try {
        make(options)()
      } catch (e) {
        error = e
      }
      expect(error, JSON.stringify(options)).toBeInstanceOf(InvalidPluginOptionsError)
      expect((error as InvalidPluginOptionsError).issues.join('\n')).toMatch(issue)
    }
  })

  it('destroy removes the close guard: the sign view that refused to close can close afterwards', async () => {
    const verifier = testVerifier()
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), verifier, client.siwx({ domain: 'example.com', uri: 'https://example.com/' })] })
    expect(portico.getStore('siwx')).toBeInstanceOf(SiwxStore)
    await portico.connect({ connectorId: 'eip155.wallet' })
    await waitFor(() => portico.stores.router.view === 'SIWXSignMessage', 'the sign view')
    expect(portico.stores.modal.isCloseBlocked()).toBe(true)
    await portico.destroy()
    expect(portico.stores.modal.isCloseBlocked()).toBe(false)
  })
})
