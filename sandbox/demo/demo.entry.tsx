// The demo site: the page a site owner writes with Portico (see docs/guides/getting-started.md).
// Everything it talks to is the sandbox's own Portico server on this origin.
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { bip122, defineBitcoinNetwork } from 'portico/bip122'
import { createPortico, type Plugin, type PluginContext, type Portico } from 'portico'
import { defineNetwork, eip155 } from 'portico/eip155'
import { calls, useCapabilities, useSendCalls, useShowCallsStatus } from 'portico/calls'
import { onramp } from 'portico/onramp'
import { ConnectButton, NetworkButton, PorticoProvider, supportedLocales, useAccount, usePortico } from 'portico/react'
import { cosmos, cosmosLocalnet, defineCosmosNetwork } from 'portico/cosmos'
import { createSiwxServerStore, siwx } from 'portico/siwx'
import { defineSolanaNetwork, solana } from 'portico/solana'
import { mobileWalletAdapter } from 'portico/solana/mobile'
import { definePolkadotNetwork, polkadot } from 'portico/polkadot'
import { defineStacksNetwork, stacks, stacksLocalnet } from 'portico/stacks'
import { defineSuiNetwork, sui } from 'portico/sui'
import { safe } from 'portico/safe'
import { send } from 'portico/send'
import { swap } from 'portico/swap'
import { auth } from 'portico/auth'
import { emailCapture } from 'portico/email-capture'
import { names } from 'portico/names'
import { SiteTransaction } from './siteTransactions/SiteTransaction.js'
import { sandboxEmailCaptureProjectId, sandboxEnsUniversalResolver } from '../config.js'
import { walletConnect } from 'portico/walletconnect'
import { ledger } from 'portico/ledger'
import { cosmosDevWalletEntry } from '../cosmosWallet/cosmosDevWalletEntry.js'

const origin = window.location.origin
const rpc = (caipNetworkId: string) => `${origin}/v1/?chainId=${caipNetworkId}&projectId=demo`
// Local chains have no logo of their own: the server answers with their family's (Ethereum, Solana).
const logo = (caipNetworkId: string) => `${origin}/public/getAssetImage/${caipNetworkId}`
// The sandbox's own explorer pages (sandbox/explorer), so a transaction's link resolves here.
const explorer = (caipNetworkId: string) => ({ name: 'Portico Sandbox Explorer', url: `${origin}/sandbox/explorer/${caipNetworkId}` })

// Every chain here is a local test chain: each network says so (`testnet: true`), and the Networks
// view marks each one "Testnet" from that flag alone (tests/sandbox/demoNetworks.test.ts).
const devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [rpc('eip155:31337')], blockExplorer: explorer('eip155:31337'), imageUrl: logo('eip155:31337'), testnet: true })
const devnetB = defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [rpc('eip155:31338')], blockExplorer: explorer('eip155:31338'), imageUrl: logo('eip155:31338'), testnet: true })
const solanaLocal = defineSolanaNetwork({
  reference: 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP',
  name: 'Portico Solana Localnet',
  rpcUrls: [rpc('solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP')],
  blockExplorer: explorer('solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'),
  imageUrl: logo('solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'),
  testnet: true,
})
// The Sui chain: Sui's GraphQL RPC (what the mainnet and testnet presets use) through the server's Sui proxy.
const suiLocal = defineSuiNetwork({
  reference: 'localnet',
  name: 'Portico Sui Localnet',
  rpcUrls: [`${origin}/v1/sui/demo/sui:localnet/graphql`],
  blockExplorer: explorer('sui:localnet'),
  imageUrl: logo('sui:localnet'),
  testnet: true,
})

// The Cosmos chain: its network through the server's Cosmos proxy, the plugin listing the Cosmos dev
// wallet, whose script is injected late (as extensions often are).
const cosmosLocal = defineCosmosNetwork({
  ...cosmosLocalnet.cosmos,
  name: cosmosLocalnet.name,
  nativeCurrency: cosmosLocalnet.nativeCurrency,
  restUrls: [`${origin}/v1/cosmos/demo/${cosmosLocalnet.caipNetworkId}`],
  blockExplorer: explorer(cosmosLocalnet.caipNetworkId),
  imageUrl: logo(cosmosLocalnet.caipNetworkId),
  testnet: true,
})
document.head.append(Object.assign(document.createElement('script'), { src: '/cosmos-dev-wallet.js' }))

// The Substrate chain (Chopsticks running the Rococo Asset Hub runtime): JSON-RPC through the server's proxy.
const polkadotLocal = definePolkadotNetwork({
  genesisHash: `0x${'45'.repeat(32)}`,
  ss58Prefix: 42,
  name: 'Portico Substrate Devnet',
  rpcUrls: [rpc(`polkadot:${'45'.repeat(16)}`)],
  nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
  blockExplorer: explorer(`polkadot:${'45'.repeat(16)}`),
  imageUrl: logo(`polkadot:${'45'.repeat(16)}`),
  testnet: true,
})

// The Stacks chain: the node and blockchain APIs through the server's Stacks proxy; wallets call it devnet.
const stacksLocal = defineStacksNetwork({
  ...stacksLocalnet.stacks,
  name: stacksLocalnet.name,
  apiUrls: [`${origin}/v1/stacks/demo/${stacksLocalnet.caipNetworkId}`],
  blockExplorer: explorer(stacksLocalnet.caipNetworkId),
  imageUrl: logo(stacksLocalnet.caipNetworkId),
  testnet: true,
})

// Bitcoin regtest: the network's Esplora base is the server's Esplora proxy (the project id is in the path).
const bitcoinRegtest = defineBitcoinNetwork({
  reference: '0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Portico Bitcoin Regtest',
  rpcUrls: [`${origin}/v1/esplora/demo/bip122:0f9188f13cb7b2c71f2a335e3a4fc328/api`],
  blockExplorer: explorer('bip122:0f9188f13cb7b2c71f2a335e3a4fc328'),
  imageUrl: logo('bip122:0f9188f13cb7b2c71f2a335e3a4fc328'),
  testnet: true,
})

// Sign-in is off unless the page is opened with ?siwx=required or ?siwx=optional; sessions are
// verified by the sandbox server (portico/siwx/server) behind /siwx.
const query = new URLSearchParams(window.location.search)
const signIn = query.get('siwx')
// A site without a pairing connector: ?walletConnect=0 leaves the WalletConnect plugin out, so a
// directory wallet that is not installed opens WalletLinks (where to get it) instead of a QR code.
const withWalletConnect = query.get('walletConnect') !== '0'
// ?manualWCControl=1: the site pairs by hand (`manualWCControl`); the modal opens on the WalletConnect
// plugin's ConnectingWalletConnectBasic view (on a desktop; a phone opens All Wallets).
const manualWCControl = query.get('manualWCControl') === '1'
// The social logins offered, in order: ?socials=farcaster,google (any of auth's providers); the six below without it.
const demoSocials = ['google', 'github', 'discord', 'x', 'apple', 'facebook', 'farcaster']
const socials = query.get('socials')?.split(',').filter((social) => demoSocials.includes(social)) ?? demoSocials.slice(0, 6)
// The embedded wallet's origin: the sandbox writes it into the page's <meta name="portico-wallet-origin">
// (as /sandbox.json's `auth.walletOrigin`): 127.0.0.1, PORT + 11, or localhost with
// PORTICO_SANDBOX_WALLET_HOST=localhost, where passkeys work (docs/guides/embedded-wallet.md §2.1).
const walletOrigin =
  document.querySelector<HTMLMetaElement>('meta[name="portico-wallet-origin"]')?.content || `http://127.0.0.1:${Number(window.location.port || 80) + 11}`
const backend = createSiwxServerStore({ baseUrl: '/siwx' })
const plugins: Plugin<PluginContext>[] = [
  eip155(),
  // EIP-5792 batched calls (the "Batch calls" section below).
  calls(),
  // Solana Mobile Wallet Adapter (opt-in, portico/solana/mobile): listed on an Android phone only.
  solana({ tokens: [{ network: solanaLocal.caipNetworkId, address: '3qSYR2We8Lnf9xRrwWrqjkjNEbmZcAvSFsdVNkatKQQx', symbol: 'pUSD', name: 'Portico USD' }], mobileWalletAdapter }),
  sui(),
  bip122(),
  ...(withWalletConnect ? [walletConnect()] : []),
  // Email and social login with the embedded wallet on the sandbox's wallet origin (its identity
  // provider plays every social login; the codes arrive in /sandbox/mail).
  auth({ walletOrigin, socials }),
  // A Ledger over WebHID (docs/guides/hardware-wallets.md): the sandbox's emulated device stands behind navigator.hid.
  ledger(),
  cosmos({ wallets: [cosmosDevWalletEntry] }),
  polkadot(),
  stacks(),
  // Run as a Safe App: framed by the sandbox's Safe host (/sandbox/safe), the Safe connects with no prompt.
  safe(),
  // Send from the Account view (the form and its review), on every chain above.
  send(),
  // Swap on the devnets' Uniswap V2 pools, quoted and built by the sandbox server's /v1/convert.
  swap(),
  // Buy crypto with a test card: the sandbox's checkout pays ETH, pUSD or SOL out of its treasury.
  onramp(),
  // Names: the sandbox server's zone (alice-1234.portico.id) and ENS on Devnet A (bob.eth is dev account 1: ?devAccount=1).
  names({ ens: { 'eip155:31337': sandboxEnsUniversalResolver } }),
  // Email capture asks after connecting when the project turns it on: ?emailCapture=1 uses the sandbox project that does.
  emailCapture({ privacyPolicyUrl: `${origin}/sandbox/privacy` }),
  ...(signIn === 'required' || signIn === 'optional' ? [siwx({ required: signIn === 'required', sessionStore: backend, getNonce: backend.getNonce })] : []),
]

const capture = query.get('emailCapture') === '1'
// Several wallets per chain type at once (ProfileWallets: switch, add, disconnect): ?multiWallet=1.
const multiWallet = query.get('multiWallet') === '1'
// The embedded wallet starts on its EOA (it signs messages; its SimpleAccount cannot):
// ?accountType=smartAccount starts it on its smart account, the spec's default for eip155 (the
// Account view switches between the two either way).
const embeddedAccountType = query.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa'
const portico = createPortico({
  projectId: capture ? sandboxEmailCaptureProjectId : 'demo',
  defaultAccountTypes: { eip155: embeddedAccountType },
  // `redirect`: a phone wallet opens it after each WalletConnect request, to bring the visitor back.
  metadata: { name: 'Portico demo dApp', description: 'A site using Portico', url: origin, icons: [], redirect: { universal: `${origin}/` } },
  networks: [devnetA, devnetB, solanaLocal, bitcoinRegtest, suiLocal, cosmosLocal, polkadotLocal, stacksLocal],
  plugins,
  endpoints: { api: origin, relay: `${origin.replace(/^http/, 'ws')}/relay` },
  // Light or dark as the visitor's system asks (prefers-color-scheme).
  themeMode: 'system',
  features: { multiWallet },
  manualWCControl,
})

function SignMessage() {
  const portico = usePortico()
  const { isConnected } = useAccount()
  const [result, setResult] = useState<string>('')
  if (!isConnected) return null
  return (
    <section aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <button
        type="button"
        onClick={async () => {
          setResult('Waiting for the wallet…')
          try {
            const signature = await portico.signMessage({ message: 'Hello from the Portico demo' })
            setResult(`Signature: ${signature}`)
          } catch (error) {
            setResult(`Not signed: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`)
          }
        }}
      >
        Sign "Hello from the Portico demo"
      </button>
      <p role="status" className="mono wrap">{result}</p>
    </section>
  )
}

/** pUSD on both devnets: deployed by dev account 0 at nonce 0 of a fresh anvil (sandbox/README.md). */
const pusdAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
/** Dev account 1 receives the batch's approval and transfer. */
const devAccount1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const onePusd = 1_000_000n
const erc20 = [
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }] },
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ type: 'uint256' }] },
] as const

/** pUSD balances read back from the chain over the network's RPC (viem, loaded on first use). */
async function readPusdBalances(rpcUrl: string, owners: readonly string[]): Promise<string[]> {
  const { createPublicClient, formatUnits, http } = await import('viem')
  const client = createPublicClient({ transport: http(rpcUrl) })
  const balances = await Promise.all(owners.map((owner) => client.readContract({ address: pusdAddress, abi: erc20, functionName: 'balanceOf', args: [owner as `0x${string}`] })))
  return balances.map((b) => formatUnits(b, 6))
}

/** Approve and transfer 1 pUSD to dev account 1 in one EIP-5792 batch, sponsored by the sandbox's paymaster. */
function BatchCalls() {
  const portico = usePortico()
  const { isConnected, namespace, address, caipAddress, preferredAccountType, smartAccountDeployed } = useAccount()
  const caipNetworkId = caipAddress ? (caipAddress.split(':').slice(0, 2).join(':') as `eip155:${string}`) : undefined
  const { capabilities, error: capabilitiesError } = useCapabilities()
  const { sendCalls, id } = useSendCalls()
  const { showCallsStatus } = useShowCallsStatus()
  const [result, setResult] = useState('')
  const [receipt, setReceipt] = useState('')
  const [balances, setBalances] = useState('')
  if (!isConnected || namespace !== 'eip155' || !address || !caipNetworkId) return null
  const here = capabilities?.[caipNetworkId]
  const accountType = preferredAccountType === 'smartAccount' ? `Smart account · ${smartAccountDeployed === undefined ? 'checking' : smartAccountDeployed ? 'deployed' : 'not deployed yet'}` : preferredAccountType === 'eoa' ? 'EOA' : (preferredAccountType ?? 'unknown')

  const run = async () => {
    setResult('Waiting for the wallet…')
    setReceipt('')
    setBalances('')
    try {
      const { encodeFunctionData } = await import('viem')
      const batchId = await sendCalls({
        calls: [
          { to: pusdAddress, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [devAccount1, onePusd] }) },
          { to: pusdAddress, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [devAccount1, onePusd] }) },
        ],
        atomicRequired: true,
        // Sponsored where the wallet can (the sandbox's ERC-7677 paymaster); optional, so a wallet without it still may send.
        capabilities: { paymasterService: { url: `${origin}/sandbox/paymaster/${caipNetworkId}`, optional: true } },
      })
      setResult(`Sent: batch ${batchId}, waiting for it…`)
      const status = await portico.waitForCallsStatus(batchId, { timeoutMs: 60_000 })
      setResult(`Batch ${status.status} (${status.receipts.length} receipt${status.receipts.length === 1 ? '' : 's'}, ${status.atomic ? 'atomic' : 'not atomic'})`)
      try {
        const userOp = await portico.fetchUserOperationReceipt(batchId, { caipNetworkId })
        setReceipt(userOp ? `User operation receipt (via the server): ${userOp.success ? 'success' : 'reverted'}, tx ${userOp.transactionHash}` : 'User operation receipt (via the server): not included yet')
      } catch (error) {
        setReceipt(`No user operation receipt: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`)
      }
      const [sender, receiver] = await readPusdBalances(rpc(caipNetworkId), [address, devAccount1])
      setBalances(`pUSD balances on chain: sender ${sender}, receiver ${receiver}`)
    } catch (error) {
      setResult(`Not sent: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`)
    }
  }
  const show = async () => {
    if (!id) return
    try {
      await showCallsStatus(id)
      setResult(`Shown in the wallet: batch ${id}`)
    } catch (error) {
      setResult(`Not shown: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`)
    }
  }

  return (
    <section aria-labelledby="batch-title">
      <h2 id="batch-title">Batch calls</h2>
      <dl>
        <dt>Account type</dt>
        <dd data-testid="batch-account-type">{accountType}</dd>
        <dt>Capabilities on {caipNetworkId}</dt>
        <dd className="mono wrap" data-testid="batch-capabilities">{capabilitiesError ? `Unavailable: ${capabilitiesError.shortMessage}` : here ? JSON.stringify(here) : 'none reported'}</dd>
      </dl>
      <button type="button" onClick={() => void run()}>Approve and transfer 1 pUSD</button>{' '}
      <button type="button" onClick={() => void show()} disabled={!id}>Show in wallet</button>
      <p role="status" className="mono wrap">{result}</p>
      <p className="mono wrap" data-testid="batch-receipt">{receipt}</p>
      <p className="mono wrap" data-testid="batch-balances">{balances}</p>
    </section>
  )
}

/**
 * Ask the wallet and the server directly: an account's capabilities, a batch's status, a user
 * operation's receipt through the server's bundler route. Shown connected or not, so each of the
 * kernel's errors can be seen as a site would show it.
 */
function Lookups() {
  const portico = usePortico()
  const [address, setAddress] = useState('')
  const [id, setId] = useState('')
  const [bundler, setBundler] = useState('alto')
  const [result, setResult] = useState('')
  const ask = async (label: string, run: () => Promise<unknown>) => {
    setResult(`${label}…`)
    try {
      const answer = await run()
      setResult(`${label}: ${answer === null ? 'not included yet' : JSON.stringify(answer)}`)
    } catch (error) {
      const { shortMessage, code } = error as { shortMessage?: string; code?: unknown }
      // A wallet's JSON-RPC code (4001, 5730 …) says which EIP-5792 error it was.
      setResult(`${label} failed: ${shortMessage ?? String(error)}${typeof code === 'number' ? ` (code ${code})` : ''}`)
    }
  }
  return (
    <section aria-labelledby="lookups-title">
      <h2 id="lookups-title">Look up</h2>
      <div className="lookup-fields">
        <label>
          Address <span className="hint">(empty: the connected account)</span>
          <input className="mono" value={address} onChange={(event) => setAddress(event.target.value.trim())} spellCheck={false} autoComplete="off" />
        </label>
        <label>
          Batch id or user operation hash
          <input className="mono" value={id} onChange={(event) => setId(event.target.value.trim())} spellCheck={false} autoComplete="off" />
        </label>
        <label>
          Bundler
          <input className="mono" value={bundler} onChange={(event) => setBundler(event.target.value.trim())} spellCheck={false} autoComplete="off" />
        </label>
      </div>
      <button type="button" onClick={() => void ask('Capabilities', () => portico.getCapabilities(address ? { address } : {}))}>Get capabilities</button>{' '}
      <button type="button" onClick={() => void ask('Call status', () => portico.getCallsStatus(id))}>Get call status</button>{' '}
      <button type="button" onClick={() => void ask('User operation receipt', () => portico.fetchUserOperationReceipt(id, { caipNetworkId: 'eip155:31337', ...(bundler ? { bundler } : {}) }))}>Get user operation receipt</button>
      <p role="status" className="mono wrap" data-testid="lookup-result">{result}</p>
    </section>
  )
}

function AccountStatus() {
  const { status, address, caipAddress } = useAccount()
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">Your account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="account-status">{status}</dd>
        {address ? (
          <>
            <dt>Address</dt>
            <dd className="mono">{address}</dd>
            <dt>CAIP-10</dt>
            <dd className="mono wrap">{caipAddress}</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/** Each language's name in itself ("العربية", "日本語"). */
function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
  } catch {
    return locale
  }
}

/**
 * The modal's language: `?locale=ar` or the browser's (no choice); changing it switches the modal
 * without a reload and keeps the choice in the address.
 */
function LanguagePicker({ locale, onChange }: { locale: string | undefined; onChange: (locale: string | undefined) => void }) {
  return (
    <label className="language-picker">
      <span>Language</span>
      <select
        value={locale ?? ''}
        onChange={(event) => {
          const next = event.target.value || undefined
          const url = new URL(window.location.href)
          if (next) url.searchParams.set('locale', next)
          else url.searchParams.delete('locale')
          window.history.replaceState(null, '', url)
          onChange(next)
        }}
      >
        <option value="">Browser’s language</option>
        {supportedLocales.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {languageName(tag)}
          </option>
        ))}
      </select>
    </label>
  )
}

function App() {
  const [locale, setLocale] = useState(() => new URLSearchParams(window.location.search).get('locale') ?? undefined)
  return (
    <PorticoProvider portico={portico} locale={locale}>
      <header className="site-header">
        <strong>Portico demo dApp</strong>
        <nav aria-label="Wallet">
          <NetworkButton />
          <ConnectButton />
        </nav>
      </header>
      <main>
        <LanguagePicker locale={locale} onChange={setLocale} />
        <p>
          A page written the way a site owner would, running on the sandbox: two anvil devnets, a
          Solana localnet, the Portico server and the Portico Dev Wallets (their panels line the
          sides of the page). Connect a phone-style wallet with WalletConnect through the{' '}
          <a href="/wallet">wallet page</a>. Open <a href="/?siwx=required">/?siwx=required</a> to
          try sign-in.
        </p>
        <AccountStatus />
        <SignMessage />
        <SiteTransaction />
        <BatchCalls />
        <Lookups />
        <section aria-labelledby="more-title">
          <h2 id="more-title">Also in the sandbox</h2>
          <ul>
            <li><a href="/wallet">The WalletConnect dev wallet page</a></li>
            <li><a href="/elements.html">Portico as web components on a plain HTML page</a></li>
            <li><a href="/getWallets?page=1&amp;entries=40">The wallet directory (JSON)</a></li>
            <li><a href="/v1/supported-chains">The blockchain API's supported chains (JSON)</a></li>
            <li><a href="/sandbox.json">This sandbox's chains, tokens and accounts (JSON)</a></li>
          </ul>
        </section>
      </main>
    </PorticoProvider>
  )
}

const container = document.getElementById('app')
if (container) createRoot(container).render(<StrictMode><App /></StrictMode>)
