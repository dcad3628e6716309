// Issue 52, acceptance 2: every view a plugin registers (its `registerViews` tap) and every view the
// UI ships (ui/views/uiViews.ts) has its baseline PNGs under tests/e2e/visual/__screenshots__, on a
// desktop and a phone, light and dark, so a new view cannot go unphotographed. The registered views
// are read from a real kernel with every plugin that taps `registerViews` (and each plugin's
// `meta.views` must name exactly what it registered), not from a list kept by hand; the baselines a
// view is photographed under are named below (a view's picture is named for what the walk shows:
// `ChooseNetwork` is the Networks view), and every PNG in the folders must belong to a view here.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createPorticoKernel, loadPlugins, type Plugin, type PluginContext, type PluginMeta } from '../../../kernel/kernel.js'
import { auth } from '../../../plugins/auth/index.js'
import { eip155, defineNetwork } from '../../../plugins/eip155/index.js'
import { emailCapture } from '../../../plugins/email-capture/index.js'
import { ledger } from '../../../plugins/ledger/index.js'
import { names } from '../../../plugins/names/index.js'
import { onramp } from '../../../plugins/onramp/index.js'
import { send } from '../../../plugins/send/index.js'
import { siwx } from '../../../plugins/siwx/index.js'
import { swap } from '../../../plugins/swap/index.js'
import { walletConnect } from '../../../plugins/walletconnect/index.js'
import { uiViews } from '../../../ui/views/uiViews.js'

const screenshots = fileURLToPath(new URL('./__screenshots__/', import.meta.url))
const pluginsDir = fileURLToPath(new URL('../../../plugins/', import.meta.url))
const folders = ['desktop-light', 'desktop-dark', 'phone-light', 'phone-dark'] as const

/** The chain types whose Account, Send and Review plugins.visual takes. */
const chainIds = ['Solana', 'Bitcoin', 'Sui', 'Cosmos', 'Polkadot', 'Stacks']
/** The chains other than EVM the Ledger is photographed on (modal.visual). */
const ledgerChainIds = ['Solana', 'Bitcoin']

/** Each view, by its registered id, and the baselines (file names without `.png`) that photograph it. */
const baselines: Record<string, readonly string[]> = {
  // ui (uiViews.ts)
  Connect: ['Connect'],
  AllWallets: ['AllWallets'],
  ConnectingExternal: ['ConnectingExternal-Declined'],
  WalletLinks: ['WalletLinks'],
  GetWallet: ['GetWallet'],
  Networks: ['ChooseNetwork'],
  SwitchNetwork: ['SwitchNetwork-Declined'],
  SwitchActiveChain: ['SwitchActiveChain'],
  UnsupportedChain: ['UnsupportedChain'],
  Account: ['Account-Tokens', 'Account-NFTs', 'Account-Activity', 'Account-EmailLogin', ...chainIds.map((id) => `${id}-Account`)],
  ProfileWallets: ['ProfileWallets'],
  // auth
  EmailLogin: ['EmailLogin'],
  ConnectingSocial: ['ConnectingSocial', 'ConnectingSocial-Closed'],
  ConnectingFarcaster: ['ConnectingFarcaster'],
  UpdateEmailWallet: ['UpdateEmail', 'UpdateEmail-Code'],
  EmbeddedWalletProfile: ['EmbeddedWalletProfile'],
  ExportPrivateKey: ['ExportPrivateKey'],
  ApproveTransaction: ['ApproveTransaction-Message', 'ApproveTransaction-Token', 'ApproveTransaction-UserOperation'],
  // email-capture
  DataCapture: ['EmailCapture', 'EmailCapture-Sent'],
  // ledger
  ConnectingLedger: ['Ledger-Connect', 'Ledger-Accounts', ...ledgerChainIds.flatMap((id) => [`Ledger-${id}-OpenApp`, `Ledger-${id}-Accounts`])],
  // names
  RegisterAccountName: ['RegisterName'],
  RegisterAccountNameSuccess: ['RegisterName-Success'],
  // onramp
  OnRampProviders: ['Buy', 'Buy-Success'],
  // send
  WalletSend: ['Send', ...chainIds.map((id) => `${id}-Send`)],
  WalletSendPreview: ['Review', ...chainIds.map((id) => `${id}-Review`)],
  WalletSendSuccess: ['SendSuccess'],
  WalletReceive: ['Receive'],
  // siwx
  SIWXSignMessage: ['SignIn'],
  // swap
  Swap: ['Swap', 'Swap-Success'],
  // walletconnect
  ConnectingWalletConnect: ['WalletConnect', 'WalletConnect-Opening'],
  ConnectingWalletConnectBasic: ['ConnectingWalletConnectBasic'],
}

/**
 * Baselines (by file name) taken on one device only, with the reason. ConnectingWalletConnectBasic
 * is what `open()` shows under `manualWCControl` on a desktop; a phone has no QR code to scan on
 * itself and opens All Wallets instead (kernel/actions/openModal.ts), so the view has no phone
 * picture. WalletConnect-Opening ("Opening <wallet>…") is what a phone shows for a directory wallet
 * it opens by link; a desktop shows that wallet's QR code (the WalletConnect picture) instead.
 */
const oneDeviceOnly: Record<string, 'desktop' | 'phone'> = {
  ConnectingWalletConnectBasic: 'desktop',
  'WalletConnect-Opening': 'phone',
}

/** PNGs that are not a view of the modal: the page's header buttons, connected (modal.visual). */
const notViews = ['Header']

/** Every plugin that taps `registerViews`, made as a site would; the test fails if a plugin that taps it is missing here. */
function pluginsWithViews(): Plugin<PluginContext>[] {
  return [
    eip155(),
    walletConnect(),
    auth({ walletOrigin: 'http://127.0.0.1:9', socials: ['google', 'farcaster'] }),
    ledger(),
    emailCapture({ privacyPolicyUrl: 'http://127.0.0.1:9/privacy' }),
    names(),
    onramp(),
    send(),
    siwx(),
    swap(),
  ] as Plugin<PluginContext>[]
}

async function pluginMetas(): Promise<{ dir: string; meta: PluginMeta }[]> {
  const dirs = readdirSync(pluginsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && readdirSync(`${pluginsDir}${entry.name}`).includes('meta.ts'))
  return Promise.all(dirs.map(async ({ name }) => ({ dir: name, meta: ((await import(`../../../plugins/${name}/meta.ts`)) as { meta: PluginMeta }).meta })))
}

describe('every registered view has its baselines', () => {
  it('the kernel registers, per plugin, exactly the views its meta lists, and every plugin that taps registerViews is counted', async () => {
    const plugins = pluginsWithViews()
    await loadPlugins(plugins)
    const portico = createPorticoKernel({
      projectId: 'baselines',
      networks: [defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'], testnet: true })],
      plugins,
      storage: null,
      endpoints: { api: 'http://127.0.0.1:9' },
      enableReconnect: false,
    })
    const registered = portico.views.ids
    // Each plugin folder's meta: one that taps registerViews must be a plugin made above (its meta the same module's).
    const metas = await pluginMetas()
    const tapping = metas.filter(({ meta }) => meta.hooks?.includes('registerViews'))
    expect(tapping.filter(({ meta }) => !plugins.some((plugin) => plugin.meta === meta)).map(({ dir }) => dir), 'plugins that tap registerViews but are not made in pluginsWithViews()').toEqual([])
    for (const { dir, meta } of metas) {
      if (!meta.hooks?.includes('registerViews')) expect(meta.views ?? [], `${dir} lists views but taps no registerViews`).toEqual([])
    }
    for (const plugin of plugins) {
      const own = registered.filter((id) => portico.views.get(id)?.owner === plugin.name).sort()
      expect(own, `${plugin.name}: the views it registered against its meta.views`).toEqual([...(plugin.meta?.views ?? [])].sort())
    }
    // Every registered view is a plugin's or the UI's, and is named in `baselines`.
    const all = [...new Set([...registered, ...uiViews.map((view) => view.id)])].sort()
    expect(all.filter((id) => !(id in baselines)), 'views with no baseline named: add the view to a visual walk (tests/e2e/visual) and here').toEqual([])
    expect(Object.keys(baselines).filter((id) => !all.includes(id)), 'baselines named for a view nobody registers').toEqual([])
  })

  it('each view\'s baselines exist on a desktop and a phone, light and dark, and every PNG belongs to a view', () => {
    const missing: string[] = []
    for (const [view, names] of Object.entries(baselines)) {
      for (const folder of folders) {
        const present = new Set(readdirSync(`${screenshots}${folder}`))
        for (const name of names) {
          const only = oneDeviceOnly[name]
          if (only && !folder.startsWith(only)) continue
          if (!present.has(`${name}.png`)) missing.push(`${view}: ${folder}/${name}.png`)
        }
      }
    }
    expect(missing, 'photograph these views (UPDATE_SCREENSHOTS=1 on the walk that reaches them, after looking)').toEqual([])
    const claimed = new Set([...Object.values(baselines).flat(), ...notViews].map((name) => `${name}.png`))
    const orphans = folders.flatMap((folder) => readdirSync(`${screenshots}${folder}`).filter((file) => !claimed.has(file)).map((file) => `${folder}/${file}`))
    expect(orphans, 'PNGs no view claims: name them under their view in `baselines`').toEqual([])
    // A one-device baseline has no picture on the other device (a stale one would be a baseline nothing compares).
    const strays = Object.entries(oneDeviceOnly).flatMap(([name, device]) =>
      folders.filter((folder) => !folder.startsWith(device) && readdirSync(`${screenshots}${folder}`).includes(`${name}.png`)).map((folder) => `${folder}/${name}.png`),
    )
    expect(strays).toEqual([])
    // Each one-device name is a baseline some view claims.
    expect(Object.keys(oneDeviceOnly).filter((name) => !Object.values(baselines).flat().includes(name))).toEqual([])
  })
})
