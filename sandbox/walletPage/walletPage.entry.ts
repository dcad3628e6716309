// Bundle entry of the WalletConnect dev wallet page served at /wallet (built by esbuild for the
// browser with the real @walletconnect/sign-client, talking to the sandbox relay on this origin).
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { SuiClient } from '@mysten/sui/client'
import { privateKeyToAccount } from 'viem/accounts'
import { devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../bitcoin/devBitcoin.js'
import { createBitcoinDevWallet } from '../bitcoinWallet/createBitcoinDevWallet.js'
import { devWalletAccount, sandboxBitcoinChain, sandboxCosmosChain, sandboxEvmChains, sandboxPolkadotChain, sandboxProjectId, sandboxRpcProxyUrl, sandboxSolanaChain, sandboxSuiChain } from '../config.js'
import { cosmosSandboxChainId, cosmosSandboxPrefix } from '../cosmos/cosmosSandboxChain.js'
import { devCosmosKey } from '../cosmos/devCosmos.js'
import { createCosmosDevWallet } from '../cosmosWallet/createCosmosDevWallet.js'
import { createDevWalletProvider } from '../devWallet/createDevWalletProvider.js'
import { devPolkadotAccounts, devPolkadotKey } from '../polkadot/devPolkadot.js'
import { createPolkadotDevWallet } from '../polkadotWallet/createPolkadotDevWallet.js'
import { devSolanaAddress, devSolanaSecretKey } from '../solana/devSolana.js'
import { devSuiKeypair } from '../sui/devSui.js'
import { answerBip122Request, bip122WalletConnectMethods } from './answerBip122Request.js'
import { answerCosmosRequest, cosmosWalletConnectMethods } from './answerCosmosRequest.js'
import { answerPolkadotRequest, polkadotWalletConnectMethods } from './answerPolkadotRequest.js'
import { answerSolanaRequest, solanaWalletConnectMethods } from './answerSolanaRequest.js'
import { devStacksKey } from '../stacks/devStacks.js'
import { stacksProxyUrl } from '../stacks/stacksProxyUrl.js'
import { stacksSandboxCaipNetworkId, stacksSandboxChainId } from '../stacks/stacksSandboxChain.js'
import { answerStacksRequest, stacksWalletConnectMethods } from './answerStacksRequest.js'
import { answerSuiRequest, suiWalletConnectMethods } from './answerSuiRequest.js'
import { describeWalletRequest } from './describeWalletRequest.js'

type Proposal = SignClientTypes.EventArguments['session_proposal']
type SessionRequest = SignClientTypes.EventArguments['session_request']
type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

const supportedMethods = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'eth_signTypedData']
const supportedEvents = ['chainChanged', 'accountsChanged']
const account = privateKeyToAccount(devWalletAccount.privateKey)
const chains = sandboxEvmChains.map((c) => c.caipNetworkId)
// The sui namespace: the dev Sui key, resolving and executing through the server's Sui proxy.
const suiKeypair = devSuiKeypair()
const suiClient = new SuiClient({ url: sandboxRpcProxyUrl(location.origin, sandboxSuiChain.caipNetworkId) })
// The cosmos namespace: the dev Cosmos key in the Keplr-compatible dev wallet, the sandbox chain
// enabled (this page's Approve button is the visitor's consent).
const cosmosKey = devCosmosKey()
const cosmos = createCosmosDevWallet({
  key: { privateKey: cosmosKey.privateKey, publicKey: cosmosKey.publicKey },
  knownChains: { [cosmosSandboxChainId]: { prefix: cosmosSandboxPrefix, rest: `${location.origin}/v1/cosmos/${sandboxProjectId}/${sandboxCosmosChain.caipNetworkId}` } },
  target: new EventTarget(),
})
const cosmosReady = cosmos.provider.enable(cosmosSandboxChainId)
// The bip122 namespace: the Bitcoin dev wallet's payment and ordinals keys, paying through the server's Esplora proxy.
const bitcoin = createBitcoinDevWallet({
  paymentKey: devBitcoinKey(),
  ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath),
  esploraUrl: `${location.origin}/v1/esplora/${sandboxProjectId}/${sandboxBitcoinChain.caipNetworkId}/api`,
  icon: '',
})
// The polkadot namespace: the Polkadot dev wallet's first sr25519 account, authorised at once (this page's Approve is the consent).
const polkadot = createPolkadotDevWallet({ keys: [{ name: devPolkadotAccounts[0].name, key: devPolkadotKey(0) }] })
const polkadotReady = polkadot.entry.enable('Portico wallet page')
// The stacks namespace: the dev Stacks key, reading nonces and fees from and broadcasting through the server's Stacks proxy.
const stacksKey = devStacksKey()
const stacksChain = { chainId: stacksSandboxChainId, apiUrl: stacksProxyUrl(location.origin, stacksSandboxCaipNetworkId) }
// The solana namespace: the dev Solana key (the Solana dev wallet's), sending through the server's RPC proxy.
const solanaRpcUrl = sandboxRpcProxyUrl(location.origin, sandboxSolanaChain.caipNetworkId)
const walletPageMethods: readonly string[] = [...supportedMethods, ...suiWalletConnectMethods, ...cosmosWalletConnectMethods, ...bip122WalletConnectMethods, ...stacksWalletConnectMethods, ...polkadotWalletConnectMethods, ...solanaWalletConnectMethods]

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id)
  if (!el) throw new Error(`wallet page: #${id} is missing`)
  return el as T
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function definitionList(rows: { label: string; value: string }[]): HTMLDListElement {
  const dl = el('dl')
  for (const row of rows) dl.append(el('dt', row.label), el('dd', row.value))
  return dl
}

function setStatus(text: string, isError = false): void {
  const status = byId('status')
  status.textContent = text
  status.classList.toggle('error', isError)
}

function errorText(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string }
  return (e?.shortMessage ?? e?.message ?? String(error)).split('\n')[0] ?? 'Unknown error'
}

let uid = 0
function nextId(prefix: string): string {
  uid += 1
  return `${prefix}-${uid}`
}

/**
 * What a phone wallet does after answering: it opens the dapp's `metadata.redirect` (its https
 * `universal` link first, else its `native` scheme) to return the visitor. The page shows it as
 * "Return to <dapp>"; opened with `?return=auto` it goes there at once, as a wallet app switching
 * back to the browser would.
 */
function returnToDapp(metadata: { name?: string; redirect?: { native?: string; universal?: string } } | undefined): void {
  const redirect = metadata?.redirect
  const link = [redirect?.universal, redirect?.native].find((l): l is string => typeof l === 'string' && /^(https?:\/\/|[a-z][a-z0-9+.-]*:\/\/)/i.test(l) && !/^(javascript|data):/i.test(l))
  const holder = byId('return-to-dapp')
  if (!link) {
    holder.hidden = true
    return
  }
  const anchor = byId<HTMLAnchorElement>('return-link')
  anchor.href = link
  anchor.textContent = `Return to ${metadata?.name || 'the dapp'}`
  holder.hidden = false
  if (new URLSearchParams(location.search).get('return') === 'auto') location.assign(link)
}

const proposals = new Map<number, Proposal>()
const requests = new Map<number, SessionRequest>()

/** Signs and answers with a dev wallet provider (real key; reads through the server's RPC proxy). */
const { provider, control } = createDevWalletProvider({
  account,
  chains: sandboxEvmChains.map((c) => ({
    chainId: c.chainId,
    name: c.name,
    rpcUrl: sandboxRpcProxyUrl(location.origin, c.caipNetworkId),
    nativeCurrency: c.nativeCurrency,
  })),
})
let queue: Promise<unknown> = Promise.resolve()

async function answer(request: SessionRequest): Promise<unknown> {
  const { method, params } = request.params.request
  if (request.params.chainId.startsWith('sui:')) return answerSuiRequest({ method, params, keypair: suiKeypair, client: suiClient })
  if (request.params.chainId.startsWith('stacks:')) return answerStacksRequest({ method, params, privateKey: stacksKey.privateKey, chain: stacksChain })
  if (request.params.chainId.startsWith('bip122:')) return answerBip122Request({ method, params, provider: bitcoin.provider, account: bitcoin.control.paymentAddress })
  if (request.params.chainId.startsWith('polkadot:')) return answerPolkadotRequest({ method, params, extension: await polkadotReady })
  if (request.params.chainId.startsWith('solana:')) return answerSolanaRequest({ method, params, secretKey: devSolanaSecretKey(), rpcUrl: solanaRpcUrl })
  if (request.params.chainId.startsWith('cosmos:')) {
    await cosmosReady
    return answerCosmosRequest({ method, params, chainId: request.params.chainId, provider: cosmos.provider })
  }
  const chainId = Number(request.params.chainId.split(':')[1])
  const run = async () => {
    control.setMode('approve')
    await provider.request({ method: 'eth_requestAccounts' })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] })
    const m = method === 'eth_signTypedData' ? 'eth_signTypedData_v4' : method
    return provider.request({ method: m, params })
  }
  const result = queue.then(run, run)
  queue = result.catch(() => undefined)
  return result
}

function renderProposals(client: SignClientInstance): void {
  const list = byId<HTMLUListElement>('proposals')
  list.replaceChildren()
  byId('proposals-empty').hidden = proposals.size > 0
  for (const proposal of proposals.values()) {
    const { id, params } = proposal
    const meta = params.proposer.metadata
    const titleId = nextId('proposal')
    const item = el('li')
    const article = el('article')
    article.setAttribute('aria-labelledby', titleId)
    const title = el('h3', `${meta.name || 'Unnamed dapp'} wants to connect`)
    title.id = titleId
    const required = Object.entries(params.requiredNamespaces ?? {})
    const optional = Object.entries(params.optionalNamespaces ?? {})
    const requested = [...required, ...optional]
    const chainsAsked = [...new Set(requested.flatMap(([key, ns]) => ns.chains ?? (key.includes(':') ? [key] : [])))]
    const methodsAsked = [...new Set(requested.flatMap(([, ns]) => ns.methods ?? []))]
    article.append(
      title,
      definitionList([
        { label: 'Dapp', value: meta.name || '(no name)' },
        { label: 'URL', value: meta.url || '(none)' },
        { label: 'Description', value: meta.description || '(none)' },
        { label: 'Chains', value: chainsAsked.join(', ') || '(none)' },
        { label: 'Methods', value: methodsAsked.join(', ') || '(none)' },
      ]),
    )
    const actions = el('div', undefined, 'actions')
    const approve = el('button', 'Approve')
    approve.type = 'button'
    const reject = el('button', 'Reject', 'secondary')
    reject.type = 'button'
    approve.addEventListener('click', async () => {
      approve.disabled = reject.disabled = true
      try {
        const namespaces = buildApprovedNamespaces({
          proposal: params,
          supportedNamespaces: {
            eip155: {
              chains,
              methods: supportedMethods,
              events: supportedEvents,
              accounts: chains.map((c) => `${c}:${account.address}`),
            },
            sui: {
              chains: [sandboxSuiChain.caipNetworkId],
              methods: [...suiWalletConnectMethods],
              events: supportedEvents,
              accounts: [`${sandboxSuiChain.caipNetworkId}:${suiKeypair.toSuiAddress()}`],
            },
            bip122: {
              chains: [sandboxBitcoinChain.caipNetworkId],
              methods: [...bip122WalletConnectMethods],
              events: ['bip122_addressesChanged'],
              accounts: [`${sandboxBitcoinChain.caipNetworkId}:${bitcoin.control.paymentAddress}`],
            },
            cosmos: {
              chains: [sandboxCosmosChain.caipNetworkId],
              methods: [...cosmosWalletConnectMethods],
              events: [],
              accounts: [`${sandboxCosmosChain.caipNetworkId}:${cosmosKey.address}`],
            },
            polkadot: {
              chains: [sandboxPolkadotChain.caipNetworkId],
              methods: [...polkadotWalletConnectMethods],
              events: ['accountsChanged'],
              accounts: [`${sandboxPolkadotChain.caipNetworkId}:${polkadot.control.accounts[0]?.address}`],
            },
            solana: {
              chains: [sandboxSolanaChain.caipNetworkId],
              methods: [...solanaWalletConnectMethods],
              events: [],
              accounts: [`${sandboxSolanaChain.caipNetworkId}:${devSolanaAddress}`],
            },
            stacks: {
              chains: [stacksSandboxCaipNetworkId],
              methods: [...stacksWalletConnectMethods],
              events: [],
              accounts: [`${stacksSandboxCaipNetworkId}:${stacksKey.address}`],
            },
          },
        })
        const { acknowledged } = await client.approve({ id, namespaces })
        proposals.delete(id)
        renderProposals(client)
        setStatus(`Approving the session with ${meta.name}…`)
        await acknowledged()
        setStatus(`Connected to ${meta.name}.`)
        returnToDapp(meta)
      } catch (error) {
        setStatus(`Could not approve: ${errorText(error)}`, true)
        // A proposal this wallet cannot satisfy is rejected so the dapp is not left waiting.
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') }).catch(() => undefined)
        proposals.delete(id)
        renderProposals(client)
      }
      renderSessions(client)
    })
    reject.addEventListener('click', async () => {
      approve.disabled = reject.disabled = true
      try {
        await client.reject({ id, reason: getSdkError('USER_REJECTED') })
        setStatus(`Rejected the session proposal from ${meta.name}.`)
      } catch (error) {
        setStatus(`Could not reject: ${errorText(error)}`, true)
      }
      proposals.delete(id)
      renderProposals(client)
    })
    actions.append(approve, reject)
    article.append(actions)
    item.append(article)
    list.append(item)
  }
}

function renderRequests(client: SignClientInstance): void {
  const list = byId<HTMLUListElement>('requests')
  list.replaceChildren()
  byId('requests-empty').hidden = requests.size > 0
  for (const request of requests.values()) {
    const { id, topic, params } = request
    const session = client.session.keys.includes(topic) ? client.session.get(topic) : undefined
    const dapp = session?.peer.metadata.name || 'a dapp'
    const titleId = nextId('request')
    const item = el('li')
    const article = el('article')
    article.setAttribute('aria-labelledby', titleId)
    const title = el('h3', `${params.request.method} from ${dapp}`)
    title.id = titleId
    article.append(
      title,
      definitionList([{ label: 'Chain', value: params.chainId }, ...describeWalletRequest(params.request.method, params.request.params)]),
    )
    const actions = el('div', undefined, 'actions')
    const approve = el('button', 'Approve')
    approve.type = 'button'
    const reject = el('button', 'Reject', 'secondary')
    reject.type = 'button'
    const done = () => {
      requests.delete(id)
      renderRequests(client)
    }
    approve.addEventListener('click', async () => {
      approve.disabled = reject.disabled = true
      try {
        const result = await answer(request)
        await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
        setStatus(`Approved ${params.request.method}.`)
        returnToDapp(session?.peer.metadata)
      } catch (error) {
        const e = error as { code?: unknown }
        const code = typeof e?.code === 'number' ? e.code : 5000
        await client
          .respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message: errorText(error) } } })
          .catch(() => undefined)
        setStatus(`${params.request.method} failed: ${errorText(error)}`, true)
      }
      done()
    })
    reject.addEventListener('click', async () => {
      approve.disabled = reject.disabled = true
      try {
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') } })
        setStatus(`Rejected ${params.request.method}.`)
        returnToDapp(session?.peer.metadata)
      } catch (error) {
        setStatus(`Could not answer: ${errorText(error)}`, true)
      }
      done()
    })
    actions.append(approve, reject)
    article.append(actions)
    item.append(article)
    list.append(item)
  }
}

function renderSessions(client: SignClientInstance): void {
  const list = byId<HTMLUListElement>('sessions')
  list.replaceChildren()
  const sessions = client.session.getAll()
  byId('sessions-empty').hidden = sessions.length > 0
  for (const session of sessions) {
    const meta = session.peer.metadata
    const titleId = nextId('session')
    const item = el('li')
    const article = el('article')
    article.setAttribute('aria-labelledby', titleId)
    const title = el('h3', meta.name || 'Unnamed dapp')
    title.id = titleId
    const sessionChains = Object.values(session.namespaces).flatMap((ns) => ns.chains ?? ns.accounts.map((a) => a.split(':').slice(0, 2).join(':')))
    article.append(
      title,
      definitionList([
        { label: 'URL', value: meta.url || '(none)' },
        { label: 'Chains', value: [...new Set(sessionChains)].join(', ') },
        { label: 'Expires', value: new Date(session.expiry * 1000).toLocaleString() },
      ]),
    )
    const disconnect = el('button', 'Disconnect', 'secondary')
    disconnect.type = 'button'
    disconnect.setAttribute('aria-label', `Disconnect ${meta.name || 'dapp'}`)
    disconnect.addEventListener('click', async () => {
      disconnect.disabled = true
      try {
        await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
        setStatus(`Disconnected from ${meta.name}.`)
      } catch (error) {
        setStatus(`Could not disconnect: ${errorText(error)}`, true)
      }
      renderSessions(client)
    })
    article.append(disconnect)
    item.append(article)
    list.append(item)
  }
}

/**
 * Shows the client's link to the relay beside its URL (connected, or lost and how often), as the
 * relayer reports it: a wallet that lost the relay gets no request until it is back.
 */
function watchRelay(client: SignClientInstance, relayUrl: string): void {
  const { relayer } = client.core
  let lost = 0
  const show = (state: string) => {
    byId('wallet-relay').textContent = `Relay: ${relayUrl} · ${state}${lost ? ` · lost ${lost} time${lost === 1 ? '' : 's'}` : ''}`
  }
  show(relayer.connected ? 'connected' : 'not connected yet (connects when it pairs)')
  relayer.on('relayer_connect', () => show('connected'))
  relayer.on('relayer_disconnect', () => {
    lost += 1
    show('disconnected, reconnecting…')
  })
  relayer.on('relayer_connection_stalled', () => show('stalled, reconnecting…'))
  relayer.on('relayer_error', (error: unknown) => show(`failed: ${errorText(error)}`))
}

async function main(): Promise<void> {
  byId('wallet-account').textContent = account.address
  const relayUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/relay`
  byId('wallet-relay').textContent = `Relay: ${relayUrl}`
  const client = await SignClient.init({
    projectId: sandboxProjectId,
    relayUrl,
    metadata: {
      name: 'Portico Dev Wallet',
      description: 'The sandbox WalletConnect wallet (dev keys, never use for real funds).',
      url: location.origin,
      icons: [],
    },
    telemetryEnabled: false,
    signConfig: { disableRequestQueue: true },
    customStoragePrefix: 'portico-dev-wallet-page',
  })
  // Verify would load an iframe from verify.walletconnect.org; the sandbox is offline. And on a
  // message that came without an attestation, the client would fetch one from there (the only
  // Verify servers it trusts are WalletConnect's): the sandbox's requests stay of unknown origin.
  client.core.verify.register = async () => ''
  client.core.verify.resolve = (async () => undefined) as unknown as typeof client.core.verify.resolve
  watchRelay(client, relayUrl)

  client.on('session_proposal', (proposal) => {
    proposals.set(proposal.id, proposal)
    renderProposals(client)
    setStatus(`Session proposal from ${proposal.params.proposer.metadata.name || 'a dapp'}.`)
  })
  client.on('proposal_expire', ({ id }) => {
    proposals.delete(id)
    renderProposals(client)
  })
  client.on('session_request', (request) => {
    const method = request.params.request.method
    if (!walletPageMethods.includes(method)) {
      void client.respond({
        topic: request.topic,
        response: { id: request.id, jsonrpc: '2.0', error: { code: 4200, message: `Unsupported method ${method}` } },
      })
      setStatus(`Refused unsupported method ${method}.`, true)
      return
    }
    // Reading the session's own accounts and public keys needs no approval (wallets answer it at once).
    if (method === 'cosmos_getAccounts' || method === 'getAccountAddresses') {
      answer(request).then(
        (result) => client.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } }),
        (error: { code?: unknown }) =>
          client.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', error: { code: typeof error?.code === 'number' ? error.code : 5000, message: errorText(error) } } }),
      ).catch((error) => setStatus(`Could not answer ${method}: ${errorText(error)}`, true))
      setStatus(`Shared the session's accounts (${method}).`)
      return
    }
    requests.set(request.id, request)
    renderRequests(client)
    setStatus(`New request: ${method}.`)
  })
  const refresh = () => {
    for (const [id, r] of requests) if (!client.session.keys.includes(r.topic)) requests.delete(id)
    renderRequests(client)
    renderSessions(client)
  }
  client.on('session_delete', () => {
    refresh()
    setStatus('A dapp ended its session.')
  })
  client.on('session_expire', refresh)

  const form = byId<HTMLFormElement>('pair-form')
  const input = byId<HTMLTextAreaElement>('wc-uri')
  const button = byId<HTMLButtonElement>('pair-button')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const uri = input.value.trim()
    if (!/^wc:[0-9a-f]{64}@2\?/i.test(uri)) {
      setStatus('That is not a WalletConnect v2 URI: it starts with "wc:", a 64-character topic and "@2?".', true)
      return
    }
    button.disabled = true
    setStatus('Pairing…')
    try {
      await client.core.pairing.pair({ uri })
      input.value = ''
      setStatus('Paired. Waiting for the session proposal…')
    } catch (error) {
      setStatus(`Could not pair: ${errorText(error)}`, true)
    } finally {
      button.disabled = false
    }
  })
  button.disabled = false
  renderProposals(client)
  renderRequests(client)
  renderSessions(client)
  document.body.dataset.walletReady = 'true'
  setStatus('Ready. Paste a WalletConnect URI to connect.')
}

main().catch((error) => setStatus(`The wallet could not start: ${errorText(error)}`, true))
