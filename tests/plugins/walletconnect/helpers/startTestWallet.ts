import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { createWalletClient, http, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

type Client = InstanceType<typeof SignClient>
type Proposal = SignClientTypes.EventArguments['session_proposal']
type SessionRequest = SignClientTypes.EventArguments['session_request']

export type ApprovedNamespaces = Record<string, { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }>

export type TestWalletParameters = {
  relayUrl: string
  account: PrivateKeyAccount
  /** JSON-RPC URL per CAIP-2 chain, for eth_sendTransaction. */
  rpcUrls: Record<string, string>
  name?: string
}

export type TestWallet = {
  client: Client
  /** Every session request the wallet received (method, chain). */
  requests: { method: string; chainId: string; params: unknown }[]
  proposals: Proposal[]
  /** Errors the wallet met while answering (for diagnostics). */
  failures: string[]
  /** What the next proposals are answered with (default: approve the chains of `rpcUrls`). */
  onProposal: (proposal: Proposal) => Promise<void>
  /** Overrides the answer to a request; return undefined to answer normally. */
  respondWith: ((request: SessionRequest) => Promise<{ result?: unknown; error?: { code: number; message: string } } | undefined>) | undefined
  approveWith(namespaces: ApprovedNamespaces): (proposal: Proposal) => Promise<void>
  pair(uri: string): Promise<void>
  /** The wallet's one live session topic (the last settled). */
  topic(): string
  /** Publishes a raw, encrypted JSON-RPC payload on a topic, as a hostile wallet could (bypassing its own client's checks). */
  publishRaw(topic: string, payload: Record<string, unknown>, tag: number): Promise<void>
  stop(): Promise<void>
}

let counter = 0

/**
 * A WalletConnect wallet built on the real sign-client (distinct storage prefix, telemetry off,
 * request queue off), signing with a real viem account and sending real transactions to anvil.
 */
export async function startTestWallet({ relayUrl, account, rpcUrls, name = 'Test Wallet' }: TestWalletParameters): Promise<TestWallet> {
  counter += 1
  const options: SignClientTypes.Options = {
    // A project the sandbox's relay knows (the Portico server refuses unknown project ids).
    projectId: 'demo',
    relayUrl,
    customStoragePrefix: `portico-test-wallet-${process.pid}-${counter}`,
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: 'A wallet in the walletconnect tests', url: 'http://127.0.0.1', icons: [] },
  }
  const client = await SignClient.init(options)
  const chains = Object.keys(rpcUrls)
  let lastTopic: string | undefined
  const wallet: TestWallet = {
    client,
    requests: [],
    failures: [],
    proposals: [],
    respondWith: undefined,
    approveWith(namespaces) {
      return async ({ id }) => {
        const { topic, acknowledged } = await client.approve({ id, namespaces })
        lastTopic = topic
        await acknowledged()
      }
    },
    onProposal: async () => undefined,
    async pair(uri) {
      await client.pair({ uri })
    },
    topic() {
      if (!lastTopic || !client.session.keys.includes(lastTopic)) throw new Error('The test wallet has no session')
      return lastTopic
    },
    async publishRaw(topic, payload, tag) {
      const message = await client.core.crypto.encode(topic, payload as never)
      await client.core.relayer.publish(topic, message, { ttl: 300, tag, prompt: false })
    },
    async stop() {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => undefined)
    },
  }
  wallet.onProposal = wallet.approveWith({
    eip155: {
      chains,
      methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
      events: ['chainChanged', 'accountsChanged'],
      accounts: chains.map((c) => `${c}:${account.address}`),
    },
  })

  client.on('session_proposal', (proposal) => {
    wallet.proposals.push(proposal)
    void wallet.onProposal(proposal).catch(() => undefined)
  })
  client.on('session_request', async (request) => {
    const { topic, id, params } = request
    const { method, params: methodParams } = params.request
    wallet.requests.push({ method, chainId: params.chainId, params: methodParams })
    const respond = (response: { result?: unknown; error?: { code: number; message: string } }) =>
      client.respond({ topic, response: response.error ? { id, jsonrpc: '2.0', error: response.error } : { id, jsonrpc: '2.0', result: response.result } })
    try {
      const override = await wallet.respondWith?.(request)
      if (override) return await respond(override)
      if (method === 'personal_sign') {
        const [message] = methodParams as [Hex, string]
        return await respond({ result: await account.signMessage({ message: { raw: message } }) })
      }
      if (method === 'eth_sendTransaction') {
        const [tx] = methodParams as [{ to: Hex; value?: Hex; data?: Hex }]
        const rpcUrl = rpcUrls[params.chainId]
        if (!rpcUrl) return await respond({ error: { code: 4901, message: 'Chain not available' } })
        const walletClient = createWalletClient({ account, transport: http(rpcUrl) })
        const chainId = Number(params.chainId.split(':')[1])
        const hash = await walletClient.sendTransaction({
          chain: { id: chainId, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : 0n,
          ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
        })
        return await respond({ result: hash })
      }
      if (method === 'wallet_switchEthereumChain') return await respond({ result: null })
      return await respond({ error: { code: 4200, message: `Unsupported method ${method}` } })
    } catch (error) {
      wallet.failures.push((error as Error).message.slice(0, 300))
      await respond({ error: { code: 5000, message: (error as Error).message.slice(0, 200) } }).catch((e: Error) => wallet.failures.push(e.message.slice(0, 300)))
    }
  })
  return wallet
}
