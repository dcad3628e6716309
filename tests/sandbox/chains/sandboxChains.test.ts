// Every sandbox chain through the one seam: /sandbox.json lists each in the CHAINS.md shape, and
// POST /sandbox/faucet credits any address on any of them with a real transaction; the account data
// the server answers for the devnets; on-ramp keys that never reach a page; a restart on the same
// data directory. One fresh sandbox serves them all (a start costs 20 to 30 s of CPU): the tests
// that read the chains' first state run first, the restart last.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { SuiClient } from '@mysten/sui/client'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction as SuiTransaction } from '@mysten/sui/transactions'
import { createPublicClient, createWalletClient, defineChain, erc721Abi, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devBitcoinAddress, devBitcoinKey } from '../../../sandbox/bitcoin/devBitcoin.js'
import { sandboxBitcoinChain, sandboxCosmosChain, sandboxSolanaChain, sandboxSuiChain } from '../../../sandbox/config.js'
import { devCosmosAddress } from '../../../sandbox/cosmos/devCosmos.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { startSandbox, type StartSandboxReturnType } from '../../../sandbox/startSandbox.js'
import { devSuiAddress, devSuiKeypair } from '../../../sandbox/sui/devSui.js'
import { devPolkadotAddress } from '../../../sandbox/polkadot/devPolkadot.js'
import { suiPorticoUsd } from '../../../sandbox/sui/suiSandboxChain.js'
import { devStacksKey, stacksDeployerDerivationPath } from '../../../sandbox/stacks/devStacks.js'
import { pickSandboxPort } from '../../helpers/pickSandboxPort.js'

bitcoin.initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const network = bitcoin.networks.regtest
const btcChain = sandboxBitcoinChain.caipNetworkId
const suiChain = sandboxSuiChain.caipNetworkId
const polkadotChain = `polkadot:${'45'.repeat(16)}`
const cosmosChain = sandboxCosmosChain.caipNetworkId

type Info = Omit<SandboxInfo, 'chains'> & { chains: (SandboxInfo['chains'][number] & { nfts: { address: `0x${string}`; name: string; symbol: string; tokenIds: string[] }[] })[] }

let sandbox: StartSandboxReturnType
let info: Info
let dataDir: string
const dev0 = devAddresses[0] as string

const getJson = async (path: string) => {
  // As the modal does, every call names the sandbox's project.
  const response = await fetch(`${sandbox.url}${path}${path.includes('?') ? '&' : '?'}projectId=demo`)
  return { status: response.status, body: (await response.json()) as any }
}

const faucet = async (body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${sandbox.url}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { txid?: string; code?: string; message?: string } }
}
const esplora = (path: string, init?: RequestInit) => fetch(`${sandbox.url}/v1/esplora/demo/${btcChain}/api${path}`, init)
const btcBalance = async (address: string) => {
  const response = await fetch(`${sandbox.url}/v1/account/${address}/balance?currency=usd&chainId=${btcChain}&projectId=demo`)
  return { status: response.status, body: (await response.json()) as { balances: { symbol: string; quantity: { numeric: string }; value: number; price: number }[] } }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portico-sandbox-chains-'))
  // With the five real on-ramp providers beside the sandbox's own (the on-ramp keys' tests below).
  sandbox = await startSandbox({
    port: await pickSandboxPort(),
    dataDir,
    onrampProviders: [
      { type: 'moonpay', publicKey: 'pk_PUBLIC_moonpay_7f3a', secretKey: 'sk_SECRET_moonpay_7f3a', assets: { ['eip155:31337']: 'eth' } },
      { type: 'transak', publicKey: 'pk_PUBLIC_transak_7f3a', secretKey: 'sk_SECRET_transak_7f3a', assets: { ['eip155:31337']: { code: 'ETH', network: 'ethereum' } } },
      { type: 'coinbase', publicKey: 'pk_PUBLIC_coinbase_7f3a', secretKey: 'sk_SECRET_coinbase_7f3a', assets: { ['eip155:31337']: { code: 'ETH', network: 'base' } }, createSessionToken: async () => 'SESSION_TOKEN_cdp_7f3a' },
      { type: 'ramp', publicKey: 'pk_PUBLIC_ramp_7f3a', secretKey: 'sk_SECRET_ramp_7f3a', appName: 'Demo', assets: { ['eip155:31337']: 'ETH_ETH' } },
      { type: 'meld', publicKey: 'pk_PUBLIC_meld_7f3a', secretKey: 'sk_SECRET_meld_7f3a', assets: { ['eip155:31337']: 'ETH' } },
    ],
  })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as Info
})
afterAll(async () => {
  await sandbox?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the sandbox answers account data for its devnets', () => {
  it('prices ETH and pUSD on both devnets, and SOL and the pUSD mint on Solana', async () => {
    for (const chainId of ['eip155:31337', 'eip155:31338']) {
      const { status, body } = await getJson(`/v1/account/${dev0}/balance?currency=usd&chainId=${chainId}`)
      expect(status).toBe(200)
      const [eth, pUsd] = body.balances
      expect(eth).toMatchObject({ symbol: 'ETH', price: 3000, quantity: { decimals: '18' } })
      expect(pUsd).toMatchObject({ symbol: 'pUSD', price: 1, value: 1_000_000, quantity: { decimals: '6', numeric: '1000000' }, address: `${chainId}:0x5FbDB2315678afecb367f032d93F642f64180aa3` })
    }
    const solana = info.chains.find((c) => c.caipNetworkId === sandboxSolanaChain.caipNetworkId)!
    const { body } = await getJson(`/v1/account/${info.solanaAccount}/balance?currency=usd&chainId=${solana.caipNetworkId}`)
    expect(body.balances.map((b: any) => [b.symbol, b.price])).toEqual([['SOL', 150], ['pUSD', 1]])
    expect(body.balances[1]).toMatchObject({ address: `${solana.caipNetworkId}:${solana.tokens[0]!.address}`, quantity: { numeric: '1000000' } })
    // The token icons are served, the same bytes every time.
    for (const symbol of ['ETH', 'pUSD', 'SOL']) {
      const a = await fetch(`${sandbox.url}/public/getTokenImage/${symbol}`)
      expect(a.status).toBe(200)
      expect(await a.text()).toBe(await (await fetch(`${sandbox.url}/public/getTokenImage/${symbol}`)).text())
    }
  })

  it('lists the Portico Pioneers of dev account 0 with images, and tokenURI points at metadata the server serves', async () => {
    const devnetA = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const collection = devnetA.nfts[0]!
    expect(collection).toEqual({ address: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788', name: 'Portico Pioneers', symbol: 'PPNR', tokenIds: ['1', '2', '3'] })
    const deadline = Date.now() + 5_000
    let nfts: any[] = []
    while (nfts.length < 3 && Date.now() < deadline) {
      nfts = (await getJson(`/v1/account/${dev0}/nfts?chainId=eip155:31337`)).body.data
      if (nfts.length < 3) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(nfts.map((n) => [n.name, n.collection.symbol])).toEqual([1, 2, 3].map((i) => [`Portico Pioneers #${i}`, 'PPNR']))
    for (const nft of nfts) {
      const image = await fetch(nft.imageUrl)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    }
    const publicClient = createPublicClient({ transport: http(devnetA.nodeUrl) })
    const uri = await publicClient.readContract({ address: collection.address, abi: erc721Abi, functionName: 'tokenURI', args: [1n] })
    expect(uri.startsWith(`${sandbox.url}/`)).toBe(true)
    const metadata = (await (await fetch(uri)).json()) as { name: string; image: string }
    expect(metadata.name).toBe('Portico Pioneers #1')
    expect((await fetch(metadata.image)).status).toBe(200)
  })

  it('shows a transfer in the history within 5 s of mining', async () => {
    const devnetB = info.chains.find((c) => c.caipNetworkId === 'eip155:31338')!
    const chain = defineChain({ id: 31338, name: 'B', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [devnetB.nodeUrl] } } })
    const wallet = createWalletClient({ account: devAccount(0), chain, transport: http(devnetB.nodeUrl) })
    const publicClient = createPublicClient({ chain, transport: http(devnetB.nodeUrl), pollingInterval: 25 })
    const to = '0x6000000000000000000000000000000000000006'
    const hash = await wallet.sendTransaction({ to, value: parseEther('0.25') })
    await publicClient.waitForTransactionReceipt({ hash })
    const minedAt = Date.now()
    for (;;) {
      const { body } = await getJson(`/v1/account/${to}/history?chainId=eip155:31338&cursor=`)
      if (body.data[0]?.id === hash) {
        expect(body.data[0].transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.25' }, value: 750 })
        break
      }
      expect(Date.now() - minedAt).toBeLessThan(5_000)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })
})

describe('/sandbox.json', () => {
  it('lists every chain with namespace, ids, URLs, currency, tokens and dev accounts, on PORT+1 … PORT+8', () => {
    expect(info.chains.map((c) => [c.namespace, c.caipNetworkId])).toEqual([
      ['eip155', 'eip155:31337'],
      ['eip155', 'eip155:31338'],
      ['solana', sandboxSolanaChain.caipNetworkId],
      ['bip122', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'],
      ['cosmos', 'cosmos:portico-local-1'],
      ['polkadot', polkadotChain],
      ['sui', 'sui:localnet'],
      ['stacks', 'stacks:2147483649'],
    ])
    expect(info.chains.map((c) => new URL(c.nodeUrl).port)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => String(sandbox.port + i)))
    const btc = info.chains[3]!
    expect(btc).toEqual({
      namespace: 'bip122',
      caipNetworkId: btcChain,
      name: 'Portico Bitcoin Regtest',
      rpcUrl: `${sandbox.url}/v1/esplora/demo/${btcChain}/api`,
      nodeUrl: `http://127.0.0.1:${sandbox.port + 4}/api`,
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      tokens: [],
      nfts: [],
      accounts: [devBitcoinAddress],
    })
    expect(info.chains[5]).toEqual({
      namespace: 'polkadot',
      caipNetworkId: polkadotChain,
      name: 'Portico Substrate Devnet',
      rpcUrl: `${sandbox.url}/v1/?chainId=polkadot%3A${'45'.repeat(16)}&projectId=demo`,
      nodeUrl: `http://127.0.0.1:${sandbox.port + 6}`,
      nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
      tokens: [],
      nfts: [],
      accounts: [devPolkadotAddress(0), devPolkadotAddress(1)],
    })
    expect(info.chains[6]).toEqual({
      namespace: 'sui',
      caipNetworkId: suiChain,
      name: 'Portico Sui Localnet',
      rpcUrl: `${sandbox.url}/v1/?chainId=sui%3Alocalnet&projectId=demo`,
      nodeUrl: `http://127.0.0.1:${sandbox.port + 7}`,
      nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 },
      tokens: [{ address: suiPorticoUsd.coinType, name: 'Portico USD', symbol: 'pUSD', decimals: 6 }],
      nfts: [],
      accounts: [devSuiAddress],
    })
    expect(info.chains[0]!.accounts[0]).toBe(info.accounts[0])
    expect(info.chains[2]!.accounts).toEqual([info.solanaAccount])
  })
})

describe('POST /sandbox/faucet', () => {
  it('credits an EVM address and answers once the payment is mined', async () => {
    const to = '0x000000000000000000000000000000000000dEaD'
    const client = createPublicClient({ transport: http(info.chains[1]!.nodeUrl) })
    const before = await client.getBalance({ address: to })
    const { status, body } = await faucet({ caipAddress: `eip155:31338:${to}`, amount: '1.25' })
    expect(status).toBe(200)
    expect(body.txid).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await client.getTransactionReceipt({ hash: body.txid as `0x${string}` })).status).toBe('success')
    expect((await client.getBalance({ address: to })) - before).toBe(1_250_000_000n * 10n ** 9n)
  })

  it('credits a Solana address', async () => {
    const to = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
    const { status, body } = await faucet({ caipAddress: `${sandboxSolanaChain.caipNetworkId}:${to}`, amount: '0.5' })
    expect(status).toBe(200)
    const response = await fetch(info.chains[2]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [to] }) })
    expect(((await response.json()) as { result: { value: number } }).result.value).toBe(500_000_000)
    expect(body.txid).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  })

  it('credits a Bitcoin regtest address, confirmed, and the server reports it in BTC and USD', async () => {
    const key = ECPair.makeRandom({ network })
    const address = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(key.publicKey), network }).address!
    const { status, body } = await faucet({ caipAddress: `${btcChain}:${address}`, amount: '0.015' })
    expect(status).toBe(200)
    expect(await (await esplora(`/tx/${body.txid}/status`)).json()).toMatchObject({ confirmed: true })
    const balance = await btcBalance(address)
    expect(balance.status).toBe(200)
    expect(balance.body.balances).toEqual([expect.objectContaining({ symbol: 'BTC', quantity: { decimals: '8', numeric: '0.015' }, price: 60_000, value: 900 })])
  })

  it('credits a Sui address with a real transaction, and the server reports it in SUI and USD', async () => {
    const to = new Ed25519Keypair().toSuiAddress()
    const { status, body } = await faucet({ caipAddress: `${suiChain}:${to}`, amount: '2.5' })
    expect(status).toBe(200)
    expect(body.txid).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/)
    const client = new SuiClient({ url: info.chains[6]!.nodeUrl })
    expect((await client.getTransactionBlock({ digest: body.txid!, options: { showEffects: true } })).effects?.status.status).toBe('success')
    expect((await client.getBalance({ owner: to })).totalBalance).toBe('2500000000')
    const balance = await fetch(`${sandbox.url}/v1/account/${to}/balance?currency=usd&chainId=${suiChain}&projectId=demo`)
    expect(((await balance.json()) as { balances: unknown[] }).balances).toEqual([expect.objectContaining({ symbol: 'SUI', quantity: { decimals: '9', numeric: '2.5' }, price: 2, value: 5 })])
  })

  it('credits a Cosmos address with a signed MsgSend; the server and the node API report it, the dev address starts funded', async () => {
    const to = 'portico1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5tmv9z4'
    const { status, body } = await faucet({ caipAddress: `${cosmosChain}:${to}`, amount: '2.5' })
    expect(status).toBe(200)
    expect(body.txid).toMatch(/^[0-9A-F]{64}$/)
    const node = info.chains[4]!
    expect(node).toMatchObject({ namespace: 'cosmos', caipNetworkId: cosmosChain, rpcUrl: `${sandbox.url}/v1/cosmos/demo/${cosmosChain}`, accounts: [devCosmosAddress], tokens: [{ address: 'upusd', symbol: 'pUSD', decimals: 6 }] })
    expect(await (await fetch(`${node.nodeUrl}/cosmos/bank/v1beta1/balances/${to}/by_denom?denom=uptc`)).json()).toEqual({ balance: { denom: 'uptc', amount: '2500000' } })
    const balance = (await (await fetch(`${sandbox.url}/v1/account/${to}/balance?currency=usd&chainId=${cosmosChain}&projectId=demo`)).json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
    expect(balance.balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['PTC', '2.5']])
    const dev = (await (await fetch(`${sandbox.url}/v1/account/${devCosmosAddress}/balance?currency=usd&chainId=${cosmosChain}&projectId=demo`)).json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
    expect(dev.balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['PTC', '1000'], ['pUSD', '5000']])
    expect((await faucet({ caipAddress: `${cosmosChain}:cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu`, amount: '1' })).body.message).toMatch(/is not a valid address of cosmos:portico-local-1/)
    expect((await faucet({ caipAddress: `${cosmosChain}:${to}`, amount: '0.0000001' })).body.message).toMatch(/at most 6 decimals/)
  })

  it('credits a Stacks address with a transfer signed by @stacks/transactions; the node API and the server report it, the dev address starts funded', async () => {
    const stacksChain = 'stacks:2147483649'
    const to = devStacksKey("m/44'/5757'/0'/0/9").address
    const { status, body } = await faucet({ caipAddress: `${stacksChain}:${to}`, amount: '2.5' })
    expect(status).toBe(200)
    expect(body.txid).toMatch(/^0x[0-9a-f]{64}$/)
    const node = info.chains[7]!
    const dev = devStacksKey().address
    const tokenId = `${devStacksKey(stacksDeployerDerivationPath).address}.portico-usd::portico-usd`
    expect(node).toEqual({
      namespace: 'stacks',
      caipNetworkId: stacksChain,
      name: 'Portico Stacks Localnet',
      rpcUrl: `${sandbox.url}/v1/stacks/demo/${stacksChain}`,
      nodeUrl: `http://127.0.0.1:${sandbox.port + 8}`,
      nativeCurrency: { name: 'Stacks', symbol: 'STX', decimals: 6 },
      tokens: [{ address: tokenId, name: 'Portico USD', symbol: 'pUSD', decimals: 6 }],
      nfts: [],
      accounts: [dev],
    })
    expect(await (await fetch(`${node.nodeUrl}/extended/v1/tx/${body.txid}`)).json()).toMatchObject({ tx_status: 'success', token_transfer: { recipient_address: to, amount: '2500000' } })
    expect(await (await fetch(`${node.rpcUrl}/v2/accounts/${to}`)).json()).toMatchObject({ balance: `0x${(2_500_000).toString(16).padStart(32, '0')}`, nonce: 0 })
    const balance = (await (await fetch(`${sandbox.url}/v1/account/${to}/balance?currency=usd&chainId=${stacksChain}&projectId=demo`)).json()) as { balances: { symbol: string; quantity: { numeric: string }; value: number }[] }
    expect(balance.balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([['STX', '2.5', 5]])
    const devBalance = (await (await fetch(`${sandbox.url}/v1/account/${dev}/balance?currency=usd&chainId=${stacksChain}&projectId=demo`)).json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
    expect(devBalance.balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['STX', '1000'], ['pUSD', '5000']])
    expect((await faucet({ caipAddress: `${stacksChain}:SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7`, amount: '1' })).body.message).toMatch(/is not a valid address of stacks:2147483649/)
    expect((await faucet({ caipAddress: `${stacksChain}:${to.slice(0, -1)}${to.endsWith('A') ? 'B' : 'A'}`, amount: '1' })).body.message).toMatch(/is not a valid address/)
    expect((await faucet({ caipAddress: `${stacksChain}:${to}`, amount: '0.0000001' })).body.message).toMatch(/at most 6 decimals/)
    expect((await faucet({ caipAddress: `${stacksChain}:${to}`, amount: '2000000' })).body.message).toMatch(/at most 1,000,000 STX/)
    // The proxy serves the node API subset and nothing else.
    expect((await fetch(`${node.rpcUrl}/v2/info`)).status).toBe(200)
    expect((await fetch(`${node.rpcUrl}/v2/contracts/interface/${dev}/x`)).status).toBe(404)
    expect((await fetch(`${node.rpcUrl}/v2/accounts/not-a-principal`)).status).toBe(404)
  })

  it('refuses malformed CAIP addresses, unknown chains, bad amounts and invalid addresses with a clear 400', async () => {
    const cases: [unknown, RegExp][] = [
      [{ caipAddress: 'bcrt1qnot-a-caip', amount: '1' }, /caipAddress must be a CAIP-10 account id/],
      [{ caipAddress: 42, amount: '1' }, /caipAddress must be a CAIP-10 account id/],
      [{ caipAddress: `bip122:000000000019d6689c085ae165831e93:${devBitcoinAddress}`, amount: '1' }, /bip122:000000000019d6689c085ae165831e93 is not a sandbox chain; the sandbox runs eip155:31337, /],
      [{ caipAddress: `${btcChain}:${devBitcoinAddress}`, amount: '-1' }, /amount must be a positive decimal string in BTC with at most 8 decimals/],
      [{ caipAddress: `${btcChain}:${devBitcoinAddress}`, amount: '0' }, /amount must be a positive/],
      [{ caipAddress: `${btcChain}:${devBitcoinAddress}`, amount: '0.000000001' }, /at most 8 decimals/],
      [{ caipAddress: `${btcChain}:${devBitcoinAddress}`, amount: 1 }, /amount must be a positive/],
      [{ caipAddress: `${btcChain}:${devBitcoinAddress}`, amount: '0.000001' }, /from 294 sats \(the dust limit\)/],
      [{ caipAddress: `${btcChain}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`, amount: '1' }, /is not a valid Bitcoin regtest address/],
      [{ caipAddress: `${btcChain}:${devBitcoinAddress.slice(0, -1)}q`, amount: '1' }, /is not a valid Bitcoin regtest address/],
      [{ caipAddress: 'eip155:31337:0x1234', amount: '1' }, /is not a valid EVM address/],
      [{ caipAddress: `${sandboxSolanaChain.caipNetworkId}:1111`, amount: '1' }, /is not a valid Solana address/],
      [{ caipAddress: `${suiChain}:0x2`, amount: '1' }, /is not a valid Sui address \(0x and 64 hex digits\)/],
      [{ caipAddress: `${suiChain}:${devSuiAddress}`, amount: '0.0000000001' }, /at most 9 decimals/],
      [['not', 'an', 'object'], /Send a JSON object/],
    ]
    for (const [body, message] of cases) {
      const answer = await faucet(body)
      expect({ input: body, answer }).toEqual({ input: body, answer: { status: 400, body: { code: 'SANDBOX_FAUCET_INVALID', message: expect.stringMatching(message) } } })
    }
  })

  it('refuses cross-site requests', async () => {
    const body = { caipAddress: `${btcChain}:${devBitcoinAddress}`, amount: '1' }
    expect(await faucet(body, { origin: 'https://evil.example' })).toMatchObject({ status: 403, body: { code: 'CROSS_SITE_REQUEST' } })
    expect(await faucet(body, { 'sec-fetch-site': 'cross-site' })).toMatchObject({ status: 403, body: { code: 'CROSS_SITE_REQUEST' } })
    expect(await faucet(body, { 'sec-fetch-site': 'same-site' })).toMatchObject({ status: 403 })
    expect(await faucet(body, { origin: sandbox.url, 'sec-fetch-site': 'same-origin' })).toMatchObject({ status: 200 })
  })
})

describe('the Bitcoin regtest chain through the server', () => {
  it('the dev address starts with 10 BTC, and bitcoinjs-lib spends it through the Esplora proxy', async () => {
    const dev = ECPair.fromPrivateKey(Buffer.from(devBitcoinKey().privateKey), { network })
    const payment = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(dev.publicKey), network })
    const utxos = (await (await esplora(`/address/${devBitcoinAddress}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
    const start = utxos.reduce((sum, u) => sum + u.value, 0)
    expect(start).toBeGreaterThanOrEqual(1_000_000_000)
    const receiver = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ECPair.makeRandom({ network }).publicKey), network }).address!
    const psbt = new bitcoin.Psbt({ network })
    for (const u of utxos) psbt.addInput({ hash: u.txid, index: u.vout, witnessUtxo: { script: payment.output!, value: BigInt(u.value) } })
    psbt.addOutput({ address: receiver, value: 12_345n })
    psbt.addOutput({ address: devBitcoinAddress, value: BigInt(start - 12_345 - 1_000) })
    psbt.signAllInputs({ publicKey: Buffer.from(dev.publicKey), sign: (hash: Uint8Array) => dev.sign(hash) })
    psbt.finalizeAllInputs()
    const tx = psbt.extractTransaction()
    const sent = await esplora('/tx', { method: 'POST', body: tx.toHex() })
    expect(await sent.text()).toBe(tx.getId())
    expect((await btcBalance(receiver)).body.balances[0]?.quantity.numeric).toBe('0.00012345')
    // The next block comes within a few seconds.
    await expect.poll(async () => ((await (await esplora(`/tx/${tx.getId()}/status`)).json()) as { confirmed: boolean }).confirmed, { timeout: 10_000, interval: 250 }).toBe(true)
    const replay = await esplora('/tx', { method: 'POST', body: tx.toHex() })
    expect({ status: replay.status, text: await replay.text() }).toEqual({ status: 400, text: 'sendrawtransaction RPC error: {"code":-27,"message":"Transaction already in block chain"}' })
  })

  it('the proxy and the balance API refuse what is not theirs', async () => {
    expect((await esplora('/mempool/recent')).status).toBe(404)
    expect((await fetch(`${sandbox.url}/v1/esplora/demo/eip155:31337/api/blocks/tip/height`)).status).toBe(400)
    expect((await fetch(`${sandbox.url}/v1/esplora/nope/${btcChain}/api/blocks/tip/height`)).status).toBe(401)
    expect((await esplora('/blocks/tip/height', { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect((await esplora('/tx', { method: 'POST', body: 'not hex' })).status).toBe(400)
    expect((await btcBalance('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).status).toBe(400)
  })
})

describe('the Sui chain through the server', () => {
  it('the dev address holds SUI and pUSD, and @mysten/sui sends through the JSON-RPC proxy; balances and history follow', async () => {
    const client = new SuiClient({ url: info.chains[6]!.rpcUrl })
    const pUsd = await client.getBalance({ owner: devSuiAddress, coinType: suiPorticoUsd.coinType })
    expect(pUsd.totalBalance).toBe('1000000000000')
    const receiver = new Ed25519Keypair().toSuiAddress()
    const tx = new SuiTransaction()
    const [coin] = tx.splitCoins(tx.gas, [123_000_000n])
    tx.transferObjects([coin!], receiver)
    const sent = await client.signAndExecuteTransaction({ signer: devSuiKeypair(), transaction: tx, options: { showEffects: true } })
    expect(sent.effects?.status.status).toBe('success')
    const balance = await fetch(`${sandbox.url}/v1/account/${receiver}/balance?currency=usd&chainId=${suiChain}&projectId=demo`)
    expect(((await balance.json()) as { balances: { quantity: { numeric: string } }[] }).balances[0]?.quantity.numeric).toBe('0.123')
    const history = (await (await fetch(`${sandbox.url}/v1/account/${receiver}/history?chainId=${suiChain}&projectId=demo`)).json()) as { data: { id: string; metadata: Record<string, unknown>; transfers: unknown[] }[] }
    expect(history.data).toEqual([
      expect.objectContaining({
        id: sent.digest,
        metadata: expect.objectContaining({ operationType: 'receive', sentFrom: devSuiAddress, sentTo: receiver, status: 'confirmed', chain: suiChain }),
        transfers: [expect.objectContaining({ direction: 'in', quantity: { numeric: '0.123' }, price: 2 })],
      }),
    ])
    const devTokens = (await (await fetch(`${sandbox.url}/v1/account/${devSuiAddress}/balance?currency=usd&chainId=${suiChain}&projectId=demo`)).json()) as { balances: { symbol: string; address?: string }[] }
    expect(devTokens.balances.map((b) => b.symbol)).toEqual(['SUI', 'pUSD'])
    expect(devTokens.balances[1]?.address).toBe(`${suiChain}:${suiPorticoUsd.coinType.replaceAll('::', '%3A%3A')}`)
  })

  it('the proxy refuses methods that are not reads or broadcasts, and the APIs refuse a malformed address', async () => {
    const call = await fetch(info.chains[6]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'unsafe_transferSui', params: [] }) })
    expect(((await call.json()) as { error: { message: string } }).error.message).toBe('Requested RPC call is not allowed')
    expect((await fetch(`${sandbox.url}/v1/account/0x2/balance?currency=usd&chainId=${suiChain}&projectId=demo`)).status).toBe(400)
    expect((await fetch(`${sandbox.url}/v1/account/0x2/history?chainId=${suiChain}&projectId=demo`)).status).toBe(400)
  })
})

describe('the Substrate chain through the server', () => {
  it('the faucet credits any SS58 address; the server reports its balance and history; @polkadot/api reads it through the proxy, which refuses dev_* methods', async () => {
    const { ApiPromise, HttpProvider } = await import('@polkadot/api')
    const { Keyring } = await import('@polkadot/keyring')
    const { cryptoWaitReady } = await import('@polkadot/util-crypto')
    await cryptoWaitReady()
    // a Kusama-prefixed address: the faucet takes any prefix
    const to = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//PorticoChainsTest').address
    const { status, body } = await faucet({ caipAddress: `${polkadotChain}:${to}`, amount: '2.5' })
    expect(status).toBe(200)
    expect(body.txid).toMatch(/^0x[0-9a-f]{64}$/)
    const balance = (await (await fetch(`${sandbox.url}/v1/account/${to}/balance?currency=usd&chainId=${polkadotChain}&projectId=demo`)).json()) as { balances: unknown[] }
    expect(balance.balances).toEqual([expect.objectContaining({ symbol: 'ROC', quantity: { decimals: '12', numeric: '2.5' }, price: 5, value: 12.5, breakdown: { reserved: '0', frozen: '0', transferable: '2.5' } })])
    const history = (await (await fetch(`${sandbox.url}/v1/account/${to}/history?chainId=${polkadotChain}&projectId=demo`)).json()) as { data: { id: string; metadata: Record<string, unknown> }[] }
    expect(history.data).toEqual([expect.objectContaining({ id: body.txid, metadata: expect.objectContaining({ operationType: 'receive', sentTo: to, status: 'confirmed', chain: polkadotChain }) })])
    const api = await ApiPromise.create({ provider: new HttpProvider(info.chains[5]!.rpcUrl), noInitWarn: true })
    try {
      expect((await api.query.system.account(to)).data.free.toBigInt()).toBe(2_500_000_000_000n)
    } finally {
      await api.disconnect()
    }
    const refused = await fetch(info.chains[5]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'dev_setStorage', params: [{}] }) })
    expect(((await refused.json()) as { error?: { message?: string } }).error?.message).toMatch(/not allowed/)
    for (const [payload, message] of [
      [{ caipAddress: `${polkadotChain}:${to.slice(0, -1)}x`, amount: '1' }, /is not a valid SS58 address/],
      [{ caipAddress: `${polkadotChain}:${to}`, amount: '0.0000000000001' }, /at most 12 decimals/],
    ] as const) {
      const answer = await faucet(payload)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toMatch(message)
    }
    expect((await fetch(`${sandbox.url}/v1/account/0x2/balance?currency=usd&chainId=${polkadotChain}&projectId=demo`)).status).toBe(400)
  })
})

describe('ERC-4337 on the EVM devnets', () => {
  it('/sandbox.json lists the EntryPoint, factory, paymaster, the bundler route and the paymaster service per EVM chain; each bundler answers through the route', async () => {
    const { sandboxAccountAbstraction, sandboxBundlerUrl } = await import('../../../sandbox/config.js')
    for (const caipNetworkId of ['eip155:31337', 'eip155:31338']) {
      const chain = info.chains.find((c) => c.caipNetworkId === caipNetworkId)!
      expect(chain.accountAbstraction).toEqual({ ...sandboxAccountAbstraction, bundlerUrl: sandboxBundlerUrl(sandbox.url, caipNetworkId), paymasterUrl: `${sandbox.url}/sandbox/paymaster/${caipNetworkId}` })
      const answer = await fetch(chain.accountAbstraction!.bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
      expect(((await answer.json()) as { result: string[] }).result).toEqual([sandboxAccountAbstraction.entryPoint])
    }
    expect(info.chains.filter((c) => c.namespace !== 'eip155').every((c) => c.accountAbstraction === undefined)).toBe(true)
    // alto listens on PORT+12 and PORT+13, loopback only.
    for (const port of [sandbox.port + 12, sandbox.port + 13]) {
      const answer = await fetch(`http://127.0.0.1:${port}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
      expect(answer.status).toBe(200)
    }
  })

  it('the faucet pays pUSD in base units with a real transfer, and refuses other tokens and bad amounts', async () => {
    const pUsd = info.chains[0]!.tokens[0]!.address as `0x${string}`
    const to = '0x000000000000000000000000000000000000bEEF'
    const client = createPublicClient({ transport: http(info.chains[0]!.nodeUrl) })
    const balanceOf = [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'a', type: 'address' }], outputs: [{ type: 'uint256' }] }] as const
    const before = await client.readContract({ address: pUsd, abi: balanceOf, functionName: 'balanceOf', args: [to] })
    const paid = await faucet({ caipAddress: `eip155:31337:${to}`, amount: '2500000', token: pUsd })
    expect(paid.status).toBe(200)
    const receipt = await client.getTransactionReceipt({ hash: paid.body.txid as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(pUsd.toLowerCase())
    expect(await client.readContract({ address: pUsd, abi: balanceOf, functionName: 'balanceOf', args: [to] })).toBe(before + 2_500_000n)
    for (const [body, message] of [
      [{ caipAddress: `eip155:31337:${to}`, amount: '1', token: '0x000000000000000000000000000000000000dEaD' }, /pays only pUSD/],
      [{ caipAddress: `eip155:31337:${to}`, amount: '1.5', token: pUsd }, /whole number of base units/],
      [{ caipAddress: `eip155:31337:${to}`, amount: '0', token: pUsd }, /whole number of base units/],
      [{ caipAddress: `eip155:31337:${to}`, amount: String(10n ** 13n), token: pUsd }, /at most 1,000,000 pUSD/],
      [{ caipAddress: `${sandboxSolanaChain.caipNetworkId}:${info.chains[2]!.accounts[0]}`, amount: '1', token: pUsd }, /pays only its native currency/],
    ] as const) {
      const refused = await faucet(body)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(message)
    }
  })

  it('the paymaster service answers ERC-7677 methods, refuses others and unknown chains', async () => {
    const pm = (chainId: string, body: unknown) => fetch(`${sandbox.url}/sandbox/paymaster/${chainId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await pm('eip155:999', { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [] })).status).toBe(404)
    expect(((await (await pm('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'pm_sponsorUserOperation', params: [] })).json()) as { error: { code: number } }).error.code).toBe(-32601)
    expect(((await (await pm('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [{}, '0x0000000071727De22E5E9d8BAf0edAc6f37da032', '0x7a69', {}] })).json()) as { error: { code: number } }).error.code).toBe(-32602)
    expect((await pm('eip155:31337', [{ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData' }])).status).toBe(400)
  })
})

// Issue 21, acceptance 3: provider keys never reach the page. The whole sandbox (chains, server,
// demo, checkout) runs with the five real providers configured beside the sandbox's own, each with
// dummy secret and publishable keys. Every answer of /v1/onramp/* and /v1/generators/onrampurl is
// searched, and so is every page, script and style the sandbox serves, found by crawling from the
// demo and from the checkout pages the generator hands out.
describe('on-ramp provider keys in the running sandbox', () => {
  const devnet = 'eip155:31337'
  const evmUser = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const secrets = ['sk_SECRET_moonpay_7f3a', 'sk_SECRET_transak_7f3a', 'sk_SECRET_coinbase_7f3a', 'sk_SECRET_ramp_7f3a', 'sk_SECRET_meld_7f3a']
  /** What each widget needs in its URL (Coinbase Onramp takes the session token, not the app id). */
  const publishable = ['pk_PUBLIC_moonpay_7f3a', 'pk_PUBLIC_transak_7f3a', 'pk_PUBLIC_ramp_7f3a', 'pk_PUBLIC_meld_7f3a', 'SESSION_TOKEN_cdp_7f3a']
  /** Configured, needed by no URL: in no answer at all. */
  const unused = ['pk_PUBLIC_coinbase_7f3a']

  let solanaChain: string
  let solanaUser: string
  /** Every /v1 answer: `{ path, text }` (body and headers). */
  const answers: { path: string; text: string }[] = []

  async function call(path: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }> {
    const response = await fetch(`${sandbox.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const text = await response.text()
    answers.push({ path, text: `${text}\n${JSON.stringify([...response.headers])}` })
    return { status: response.status, json: JSON.parse(text) as Record<string, any> }
  }

  /** Same-origin URLs named by a page, a script or a style sheet. */
  function linksIn(text: string, base: string): string[] {
    const found = new Set<string>()
    const patterns = [/(?:src|href|action)="([^"#]+)"/g, /\bimport\s*\(?\s*["'`]([^"'`]+)["'`]/g, /\bfrom\s*["'`]([^"'`]+)["'`]/g, /url\(\s*["']?([^"')]+)["']?\s*\)/g, /["'`](\/[A-Za-z0-9_\-./]+\.(?:js|css|html|json|svg|png))["'`]/g]
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const raw = match[1]
        if (!raw || raw.startsWith('data:')) continue
        try {
          const url = new URL(raw, base)
          if (url.origin === sandbox.url) found.add(url.pathname + url.search)
        } catch {
          // not a URL
        }
      }
    }
    return [...found]
  }
  beforeAll(() => {
    solanaChain = sandbox.info.chains.find((c) => c.namespace === 'solana')!.caipNetworkId
    solanaUser = sandbox.info.solanaAccount as string
  })

  const checkoutPages: string[] = []

  it('the API offers all six providers and builds each checkout URL; secret keys are in no answer, publishable ones only inside a checkout URL', async () => {
    const project = `projectId=${sandbox.info.projectId}`
    const options = await call(`/v1/onramp/options?${project}`)
    expect(options.status).toBe(200)
    expect(JSON.stringify(options.json)).toMatch(/sandbox[\s\S]*moonpay[\s\S]*transak[\s\S]*coinbase[\s\S]*ramp[\s\S]*meld/)
    for (const body of [
      { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: devnet },
      { purchaseCurrency: 'pUSD', paymentCurrency: 'EUR', amount: '50', network: devnet },
      { purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '30', network: solanaChain },
      { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '999999999', network: devnet },
      { purchaseCurrency: '<script>', paymentCurrency: 'USD', amount: '-1', network: devnet },
    ]) {
      const answer = await call(`/v1/onramp/quote?${project}`, body)
      expect(answer.status).toBeLessThan(500)
    }
    for (const provider of ['moonpay', 'transak', 'coinbase', 'ramp', 'meld']) {
      const answer = await call(`/v1/generators/onrampurl?${project}`, { destinationWallets: [{ address: evmUser, blockchains: [devnet], assets: ['ETH'] }], defaultNetwork: devnet, presetFiatAmount: '50', paymentCurrency: 'USD', provider })
      expect(answer.status, provider).toBe(200)
      expect(answer.json.url, provider).toMatch(/^https:\/\//)
      const status = await call(`/v1/onramp/orders/${answer.json.orderId}?${project}`)
      expect(status.status).toBeLessThan(500)
    }
    for (const [chain, address, asset] of [[devnet, evmUser, 'pUSD'], [devnet, evmUser, 'ETH'], [solanaChain, solanaUser, 'SOL']] as const) {
      const answer = await call(`/v1/generators/onrampurl?${project}`, { destinationWallets: [{ address, blockchains: [chain], assets: [asset] }], defaultNetwork: chain, presetFiatAmount: '50', paymentCurrency: 'USD', provider: 'sandbox' })
      expect(answer.status).toBe(200)
      expect(answer.json.url.startsWith(`${sandbox.url}/sandbox/onramp?`)).toBe(true)
      checkoutPages.push(answer.json.url.slice(sandbox.url.length))
    }
    // Hostile and misdirected calls: their errors carry no key either.
    await call(`/v1/generators/onrampurl?${project}`, { provider: 'moonpay', destinationWallets: [{ address: 'nope', blockchains: [devnet], assets: ['ETH'] }], presetFiatAmount: '50', paymentCurrency: 'USD' })
    await call(`/v1/onramp/webhooks/moonpay?${project}`, { status: 'completed' })
    await call(`/v1/onramp/webhooks/sandbox?${project}`, { status: 'completed' })

    expect(answers.length).toBeGreaterThanOrEqual(20)
    const everything = answers.map((a) => a.text).join('\n')
    for (const secret of [...secrets, ...unused]) expect(everything, secret).not.toContain(secret)
    for (const key of publishable) {
      const holding = answers.filter((a) => a.text.includes(key))
      expect(holding.length, key).toBeGreaterThan(0)
      for (const answer of holding) expect(answer.path, key).toMatch(/^\/v1\/generators\/onrampurl\?/)
    }
  }, 60_000)

  it('no page, script or style the sandbox serves (the demo, the checkout, everything they link) holds any key', async () => {
    expect(checkoutPages).toHaveLength(3)
    const queue = ['/', '/sandbox.json', ...checkoutPages]
    const fetched = new Map<string, { status: number; type: string; text: string }>()
    while (queue.length > 0 && fetched.size < 400) {
      const path = queue.shift() as string
      if (fetched.has(path)) continue
      const response = await fetch(`${sandbox.url}${path}`)
      const text = await response.text()
      fetched.set(path, { status: response.status, type: response.headers.get('content-type') ?? '', text })
      if (response.ok && /html|javascript|css/.test(response.headers.get('content-type') ?? '')) {
        for (const link of linksIn(text, `${sandbox.url}${path}`)) if (!fetched.has(link) && !link.startsWith('/v1/')) queue.push(link)
      }
    }
    const served = [...fetched].filter(([, page]) => page.status === 200)
    const kinds = (re: RegExp) => served.filter(([, page]) => re.test(page.type)).length
    // The crawl reached the demo, its scripts and styles, and the three checkout pages.
    expect(kinds(/html/)).toBeGreaterThanOrEqual(4)
    expect(kinds(/javascript/)).toBeGreaterThanOrEqual(2)
    expect(kinds(/css/)).toBeGreaterThanOrEqual(1)
    expect(served.filter(([path, page]) => path.startsWith('/sandbox/onramp?') && page.text.includes('Card number'))).toHaveLength(3)
    for (const [path, page] of served) {
      for (const key of [...secrets, ...unused, ...publishable]) expect(page.text.includes(key), `${key} in ${path}`).toBe(false)
    }
  }, 120_000)
})

describe('a restart', () => {
  it('forgets the previous devnets when started again with the same data directory', async () => {
    const to = '0x6000000000000000000000000000000000000006'
    expect((await getJson(`/v1/account/${to}/history?chainId=eip155:31338`)).body.data).toHaveLength(1)
    const port = sandbox.port
    await sandbox.stop()
    sandbox = await startSandbox({ port, dataDir })
    // The new anvils are new chains: the old transfer is gone, and the NFTs are the new ones.
    const deadline = Date.now() + 5_000
    for (;;) {
      const history = (await getJson(`/v1/account/${to}/history?chainId=eip155:31338`)).body.data
      const nfts = (await getJson(`/v1/account/${dev0}/nfts?chainId=eip155:31337`)).body.data
      if (history.length === 0 && nfts.length === 3) break
      expect(Date.now()).toBeLessThan(deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 90_000)
})
