// The solana plugin's `mobileWalletAdapter` option (issue 53): Solana Mobile Wallet Adapter is
// opt-in through `portico/solana/mobile`. Given, it loads on an Android user agent only, its wallet
// registers for the site's Solana networks and is listed as an external wallet; not given, nothing
// loads; a value that is not the entry's loader is refused with a clear error. The loader here is a
// stand-in that registers the sandbox's real Wallet Standard dev wallet under the MWA's name (the
// real library registers only in a secure Android browser, which the Android e2e covers:
// tests/e2e/phone/phoneWallets.test.ts); the real entry is loaded once, below.
import '../../helpers/solanaLoaded.js'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { createPorticoKernel, InvalidPluginOptionsError, MissingPeerDependencyError, type Portico, type PorticoEvent } from '../../../kernel/kernel.js'
import { solana, solanaDevnet, solanaMainnet } from '../../../plugins/solana/index.js'
import { mobileWalletAdapter, type SolanaMobileWalletAdapter } from '../../../plugins/solana/mobile/index.js'
import type { RegisterMobileWalletAdapterParameters } from '../../../plugins/solana/mobile/index.js'
import { createSolanaDevWallet } from '../../../sandbox/solanaWallet/createSolanaDevWallet.js'
import { registerWalletStandardWallet } from '../../../sandbox/solanaWallet/registerWalletStandardWallet.js'
import { devSolanaSecretKey } from '../../../sandbox/solana/devSolana.js'
import { installWindow, walletStorage } from './helpers/solanaPage.js'

const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const mwaName = 'Mobile Wallet Adapter'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A loader standing in for the entry's: records its calls and registers a real Wallet Standard wallet under the MWA's name. */
function standInLoader() {
  const registered: RegisterMobileWalletAdapterParameters[] = []
  let loads = 0
  const load: SolanaMobileWalletAdapter = async () => {
    loads += 1
    return {
      mobileWalletAdapterName: mwaName,
      registerMobileWalletAdapter(parameters) {
        registered.push(parameters)
        const { wallet } = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => 'http://127.0.0.1:9', storage: walletStorage(), name: mwaName })
        cleanups.push(registerWalletStandardWallet(wallet, installWindow()))
      },
    }
  }
  return { load, registered, loads: () => loads }
}

function site(options: Parameters<typeof solana>[0], userAgent: string) {
  installWindow()
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [solanaMainnet, solanaDevnet],
    metadata: { name: 'MWA test site', description: 'A Solana site', url: 'https://site.example', icons: ['https://site.example/icon.png'] },
    plugins: [solana(options, { wallets: getWallets(), userAgent })],
  })
  const events: PorticoEvent[] = []
  portico.subscribe('event', (event) => events.push(event))
  cleanups.push(() => portico.destroy())
  return { portico, events }
}

const listed = async (portico: Portico) => (await portico.discoverWallets('solana')).filter((w) => w.namespace === 'solana').map((w) => `${w.name}:${w.type}`)

describe('solana({ mobileWalletAdapter })', () => {
  it('on Android: loads it once, registers it for the site’s Solana networks, and lists it as an external wallet', async () => {
    const loader = standInLoader()
    const { portico, events } = site({ mobileWalletAdapter: loader.load }, android)
    await portico.ready()
    await expect.poll(() => loader.registered.length).toBe(1)
    expect(loader.loads()).toBe(1)
    expect(loader.registered[0]).toEqual({
      appIdentity: { name: 'MWA test site', uri: 'https://site.example', icon: 'https://site.example/icon.png' },
      chains: ['solana:mainnet', 'solana:devnet'],
    })
    await expect.poll(() => listed(portico)).toContain(`${mwaName}:EXTERNAL`)
    expect(events.filter((e) => e.type === 'error')).toEqual([])
  })

  it.each([
    ['an iPhone', iPhone],
    ['a desktop', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'],
  ])('on %s: never loads it', async (_device, userAgent) => {
    const loader = standInLoader()
    const { portico } = site({ mobileWalletAdapter: loader.load }, userAgent)
    await portico.ready()
    // Discovery has run (the plugin's setup is done): the MWA was not loaded in it, nor listed.
    expect(await listed(portico)).not.toContain(`${mwaName}:EXTERNAL`)
    expect(loader.loads()).toBe(0)
  })

  it('without it, on Android: no Mobile Wallet Adapter', async () => {
    const { portico, events } = site({}, android)
    await portico.ready()
    expect((await listed(portico)).some((entry) => entry.startsWith(mwaName))).toBe(false)
    expect(events.filter((e) => e.type === 'error')).toEqual([])
  })

  it('a missing optional peer is reported (MissingPeerDependencyError naming it), never thrown', async () => {
    const missing = Object.assign(new Error("Cannot find package '@solana-mobile/wallet-standard-mobile' imported from dist/plugins/solana/lazy/mobileWalletAdapter.js"), { code: 'ERR_MODULE_NOT_FOUND' })
    const { portico, events } = site({ mobileWalletAdapter: () => Promise.reject(missing) }, android)
    await portico.ready()
    await expect.poll(() => events.filter((e) => e.type === 'error').length).toBe(1)
    const [error] = events.filter((e) => e.type === 'error')
    expect(error?.properties).toMatchObject({ action: 'solana', code: new MissingPeerDependencyError({ plugin: 'solana', packageName: '@solana-mobile/wallet-standard-mobile', peers: { '@solana-mobile/wallet-standard-mobile': '0.6.0' } }).code })
    expect(String(error?.properties?.message)).toContain('@solana-mobile/wallet-standard-mobile')
    // The plugin works on: its other wallets are still discovered.
    expect(Array.isArray(await portico.discoverWallets('solana'))).toBe(true)
  })

  it.each([true, false, 'android', {}])('refuses %j with a clear error (it takes the loader from portico/solana/mobile)', (value) => {
    expect(() => site({ mobileWalletAdapter: value as never }, android)).toThrow(InvalidPluginOptionsError)
    expect(() => site({ mobileWalletAdapter: value as never }, android)).toThrow('options.mobileWalletAdapter must be a function')
  })
})

describe('portico/solana/mobile', () => {
  it('loads the real Mobile Wallet Adapter library: its wallet’s name and its registration', async () => {
    const loaded = await mobileWalletAdapter()
    expect(loaded.mobileWalletAdapterName).toBe(mwaName)
    expect(typeof loaded.registerMobileWalletAdapter).toBe('function')
  })
})
