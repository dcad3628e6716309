import '../../helpers/stacksLoaded.js'
// portico/stacks with the sandbox's Leather persona on the Stacks ledger (issue 46): Leather's one
// `window.LeatherProvider` (found by its path and its `btc_providers` entry, listed once), whose
// `getAddresses` answers its Bitcoin and Stacks addresses together; a SIP-010 send whose post
// condition goes as hex (Leather's schema is `string[]`: the object form is refused), an STX send,
// a message signature, and a refusal. The post condition's bytes are checked against @stacks/transactions.
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { Pc, postConditionToHex, privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type CaipAddress, type Portico } from '../../../kernel/kernel.js'
import { defineStacksNetwork, stacks } from '../../../plugins/stacks/index.js'
import { encodeFungiblePostCondition } from '../../../plugins/stacks/utils/encodeFungiblePostCondition.js'
import { createLeatherWallet, leatherListing, leatherStacksMethods } from '../../../sandbox/personas/leather/createLeatherWallet.js'
import { devStacksKey, devStacksPublicKeyHex } from '../../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const key = devStacksKey()
const deployer = devStacksKey("m/44'/5757'/0'/0/2").address
let node: StacksNode
let portico: Portico
const requests: { method: string; params: unknown }[] = []
const leather = createLeatherWallet()

beforeAll(async () => {
  node = await startStacksNode({
    chainId: stacksSandboxChainId,
    transactionVersion: stacksSandboxTransactionVersion,
    feeRate: stacksFeeRate,
    feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
    token: { contractAddress: deployer, contractName: 'portico-usd', assetName: 'portico-usd', name: 'Portico USD', symbol: 'pUSD', decimals: 6 },
    blockIntervalMs: 100,
  })
  node.ledger.genesis(key.address, 20_000_000n)
  node.ledger.mintToken(key.address, 9_000_000n)
  leather.wallet.define('stacks', leatherStacksMethods({ privateKey: () => key.privateKey, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } }))
  const page = Object.assign(new EventTarget(), {
    LeatherProvider: { ...leather.provider, request: (method: string, params?: unknown) => (requests.push({ method, params }), leather.provider.request(method, params)) },
    btc_providers: [{ ...leatherListing }],
  }) as unknown as EventTarget & Record<string, unknown>
  const network = defineStacksNetwork({ chainId: stacksSandboxChainId, addressNetwork: 'testnet', walletNetwork: 'devnet', name: 'Local Stacks', apiUrls: [node.url], testnet: true })
  portico = createPorticoKernel({ projectId: 'stacks-test', networks: [network], plugins: [stacks({}, { window: page })], endpoints: { api: 'http://127.0.0.1:9' }, storage: memoryStorage() })
  await portico.ready()
})
afterAll(async () => {
  await portico?.destroy()
  await node?.stop()
})

const control = () => leather.wallet.control('stacks', leather.connection)
const fresh = () => privateKeyToAddress(randomPrivateKey(), 'testnet')

describe('SIP-010 post conditions as SIP-030 wallets take them', () => {
  it('encodes "sends exactly" byte for byte as @stacks/transactions does', () => {
    const assetId = `${deployer}.portico-usd::portico-usd`
    for (const amount of [0n, 1n, 2_000_000n, (1n << 64n) - 1n]) {
      const ours = encodeFungiblePostCondition({ principal: key.address, assetId, amount })
      expect(ours).toBe(postConditionToHex(Pc.principal(key.address).willSendEq(amount).ft(`${deployer}.portico-usd`, 'portico-usd')).replace(/^0x/, ''))
    }
    expect(() => encodeFungiblePostCondition({ principal: key.address, assetId: 'nope', amount: 1n })).toThrow()
    expect(() => encodeFungiblePostCondition({ principal: key.address, assetId, amount: 1n << 64n })).toThrow()
  })
})

describe('Leather (stacks)', () => {
  it('is listed once under LeatherProvider, connects with getAddresses (its STX entry among the BTC ones) and signs with stx_signMessage', async () => {
    const wallets = (await portico.discoverWallets('stacks')).filter((w) => w.name === 'Leather')
    expect(wallets.map((w) => w.id)).toEqual(['LeatherProvider'])
    const connection = await portico.connect({ connectorId: 'LeatherProvider', namespace: 'stacks' })
    expect(connection.address).toBe(key.address)
    expect(requests.at(-1)).toEqual({ method: 'getAddresses', params: { network: 'devnet' } })
    const message = 'Sign in to Portico with Leather (Stacks)'
    const signature = await portico.signMessage({ message, namespace: 'stacks' })
    expect(requests.at(-1)).toEqual({ method: 'stx_signMessage', params: { message, network: 'devnet' } })
    expect(verifyMessageSignatureRsv({ message, signature, publicKey: devStacksPublicKeyHex })).toBe(true)
  })

  it('sends STX with stx_transferStx and pUSD with stx_callContract, its post condition as hex; the ledger applies both', async () => {
    const to = fresh()
    const { hash } = (await portico.hooks.send.get('stacks')!.promise({ namespace: 'stacks', connectorId: 'LeatherProvider', from: key.address, network: portico.stores.networks.networksOf('stacks')[0]!, to, amount: '0.75' }))!
    await expect.poll(async () => ((await (await fetch(`${node.url}/extended/v1/tx/${hash}`)).json()) as { tx_status?: string }).tx_status, { timeout: 5_000 }).toBe('success')
    expect(requests.at(-1)).toMatchObject({ method: 'stx_transferStx', params: { recipient: to, amount: '750000', network: 'devnet', address: key.address } })

    const token = `stacks:${stacksSandboxChainId}:${(node.ledger.tokenId as string).replace('::', '%3A%3A')}` as CaipAddress
    const request = { namespace: 'stacks', connectorId: 'LeatherProvider', from: key.address, network: portico.stores.networks.networksOf('stacks')[0]!, to, amount: '2', token, decimals: 6 }
    const sent = (await portico.hooks.send.get('stacks')!.promise(request))!
    await expect.poll(async () => ((await (await fetch(`${node.url}/extended/v1/tx/${sent.hash}`)).json()) as { tx_status?: string }).tx_status, { timeout: 5_000 }).toBe('success')
    const asked = requests.at(-1) as { method: string; params: { postConditions: unknown[]; postConditionMode: string } }
    expect(asked.method).toBe('stx_callContract')
    expect(asked.params.postConditionMode).toBe('deny')
    expect(asked.params.postConditions).toEqual([encodeFungiblePostCondition({ principal: key.address, assetId: node.ledger.tokenId as string, amount: 2_000_000n })])
    const balances = (await (await fetch(`${node.url}/extended/v1/address/${to}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
    expect(balances.fungible_tokens[node.ledger.tokenId as string]?.balance).toBe('2000000')
  })

  it('keeps Leather\'s rules: post conditions as objects are refused; a refusal is 4001 and the send error', async () => {
    await expect(leather.provider.request('stx_callContract', { contract: `${deployer}.portico-usd`, functionName: 'transfer', postConditions: [{ type: 'ft-postcondition' }], network: 'devnet' })).rejects.toMatchObject({ error: { code: -32602 } })
    control().setMode('reject')
    try {
      await expect(portico.signMessage({ message: 'no', namespace: 'stacks' })).rejects.toMatchObject({ code: 4001 })
    } finally {
      control().setMode('approve')
    }
    expect(control().activity().at(-1)).toEqual({ method: 'stx_signMessage', outcome: 'rejected' })
  })
})
