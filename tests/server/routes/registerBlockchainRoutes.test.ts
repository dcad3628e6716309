import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAddress, parseEther, parseUnits } from 'viem'
import type { Address } from 'viem'
import { startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import type { Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { fundSolanaDevAccounts, solanaPorticoUsd } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import type { SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { clientsFor, deployTestToken, devAccount, tokenAbi } from '../helpers/deployTestToken.js'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

const recipient = getAddress('0x1000000000000000000000000000000000000abc')
const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let anvil: Anvil
let solana: SolanaRpc
let solanaFunding: { owner: string; mint: string }
let token: Address
let server: TestServer

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
  // Real signed Solana transactions: an airdrop, an SPL mint and 1,000,000 pUSD minted to the dev key.
  solanaFunding = await fundSolanaDevAccounts(solana)
  token = await deployTestToken(anvil.rpcUrl, 31337, 'Test Dollar', 'TUSD', parseUnits('1000000', 18))
  // Real transfers: 1.5 ETH and 250.25 TUSD from dev account 0 to a fresh address.
  const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
  const ethHash = await walletClient.sendTransaction({ to: recipient, value: parseEther('1.5') })
  await publicClient.waitForTransactionReceipt({ hash: ethHash })
  const tokenHash = await walletClient.writeContract({ address: token, abi: tokenAbi, functionName: 'transfer', args: [recipient, parseUnits('250.25', 18)] })
  await publicClient.waitForTransactionReceipt({ hash: tokenHash })

  server = await startTestServer({
    chains: [
      {
        caipNetworkId: 'eip155:31337',
        name: 'Devnet A',
        rpcUrl: anvil.rpcUrl,
        wsUrl: anvil.rpcUrl.replace('http', 'ws'),
        nativeCurrency: native,
        nativePriceUsd: 3000,
        tokens: [{ address: token, name: 'Test Dollar', symbol: 'TUSD', decimals: 18, priceUsd: 1 }],
      },
      { caipNetworkId: 'eip155:999', name: 'Down', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: native },
      {
        caipNetworkId: 'solana:localnet',
        name: 'Solana Localnet',
        rpcUrl: solana.rpcUrl,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        nativePriceUsd: 150,
        tokens: [{ address: solanaFunding.mint, ...solanaPorticoUsd, priceUsd: 1 }],
      },
      { caipNetworkId: 'solana:down', name: 'Solana Down', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
    ],
    identities: { [recipient.toLowerCase()]: { name: 'alice.example', avatar: 'https://alice.example.com/a.png' } },
  })
})
afterAll(async () => {
  await server?.dispose()
  await Promise.all([anvil?.stop(), solana?.stop()])
})

const balancePath = (address: string, chainId: string) =>
  `/v1/account/${address}/balance?currency=usd&chainId=${encodeURIComponent(chainId)}&projectId=demo&st=appkit&sv=html-core-1.0.0`

describe('GET /v1/supported-chains', () => {
  it('lists the configured chains, ws only where a wsUrl is set, and history where activity is served', async () => {
    const { status, body } = await server.getJson('/v1/supported-chains?projectId=demo&st=appkit&sv=x')
    expect(status).toBe(200)
    // Solana activity is read from each chain's JSON-RPC (getSignaturesForAddress, getTransaction): listed.
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:999', 'solana:localnet', 'solana:down'], ws: ['eip155:31337'], history: ['eip155:31337', 'eip155:999', 'solana:localnet', 'solana:down'] })
  })
})

describe('GET /v1/account/:address/balance', () => {
  it('reads native and ERC-20 balances from the chain after real transfers', async () => {
    const { status, body } = await server.getJson(balancePath(recipient, 'eip155:31337'))
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 4500,
        price: 3000,
        quantity: { decimals: '18', numeric: '1.5' },
        iconUrl: `${server.url}/public/getTokenImage/ETH`,
      },
      {
        name: 'Test Dollar',
        symbol: 'TUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${getAddress(token)}`,
        value: 250.25,
        price: 1,
        quantity: { decimals: '18', numeric: '250.25' },
        iconUrl: `${server.url}/public/getTokenImage/TUSD`,
      },
    ])
    // The icon it points at is served.
    const icon = await fetch(body.balances[1].iconUrl)
    expect(icon.status).toBe(200)
  })

  it('follows a further transfer (no stale answer)', async () => {
    const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
    const hash = await walletClient.writeContract({ address: token, abi: tokenAbi, functionName: 'transfer', args: [recipient, parseUnits('0.75', 18)] })
    await publicClient.waitForTransactionReceipt({ hash })
    const { body } = await server.getJson(balancePath(recipient.toLowerCase(), 'eip155:31337'))
    expect(body.balances[1].quantity.numeric).toBe('251')
  })

  it('lists the native balance of an empty account and leaves out zero tokens', async () => {
    const { body } = await server.getJson(balancePath('0x2000000000000000000000000000000000000def', 'eip155:31337'))
    expect(body.balances).toHaveLength(1)
    expect(body.balances[0]).toMatchObject({ symbol: 'ETH', value: 0, quantity: { decimals: '18', numeric: '0' } })
  })

  it('answers the sender of the token too', async () => {
    const { body } = await server.getJson(balancePath(devAccount.address, 'eip155:31337'))
    expect(body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(['ETH', 'TUSD'])
  })

  it('answers { balances: [] } for chains it does not serve or cannot read yet', async () => {
    expect((await server.getJson(balancePath(recipient, 'eip155:1'))).body).toEqual({ balances: [] })
    expect((await server.getJson(balancePath('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana:mainnet'))).body).toEqual({ balances: [] })
    expect((await server.getJson(balancePath('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bip122:000000000019d6689c085ae165831e93'))).body).toEqual({ balances: [] })
  })

  it('reads SOL and SPL token balances from a real Solana RPC', async () => {
    const { status, body } = await server.getJson(balancePath(solanaFunding.owner, 'solana:localnet'))
    expect(status).toBe(200)
    expect(body.balances).toHaveLength(2)
    const [sol, pusd] = body.balances
    expect(sol).toMatchObject({ name: 'Solana', symbol: 'SOL', chainId: 'solana:localnet', price: 150, quantity: { decimals: '9' } })
    expect(sol.address).toBeUndefined()
    // 100 SOL airdropped, minus the fees and rent of creating the mint.
    expect(Number(sol.quantity.numeric)).toBeGreaterThan(99)
    expect(Number(sol.quantity.numeric)).toBeLessThanOrEqual(100)
    expect(sol.value).toBeCloseTo(Number(sol.quantity.numeric) * 150, 6)
    expect(pusd).toEqual({
      name: 'Portico USD',
      symbol: 'pUSD',
      chainId: 'solana:localnet',
      address: `solana:localnet:${solanaFunding.mint}`,
      value: 1_000_000,
      price: 1,
      quantity: { decimals: '6', numeric: '1000000' },
      iconUrl: `${server.url}/public/getTokenImage/pUSD`,
    })
    const empty = await server.getJson(balancePath('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana:localnet'))
    expect(empty.body.balances).toEqual([expect.objectContaining({ symbol: 'SOL', value: 0, quantity: { decimals: '9', numeric: '0' } })])
    const down = await server.getJson(balancePath(solanaFunding.owner, 'solana:down'))
    expect(down.status).toBe(502)
  })

  it('answers 502 when the chain is down', async () => {
    const { status, body } = await server.getJson(balancePath(recipient, 'eip155:999'))
    expect(status).toBe(502)
    expect(body).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: expect.stringContaining('eip155:999') })
  })

  it.each([
    ['a short address', balancePath('0x1234', 'eip155:31337')],
    ['a non-hex address', balancePath('0xZZ00000000000000000000000000000000000abc', 'eip155:31337')],
    ['an SQL-ish address', `/v1/account/${encodeURIComponent("' OR 1=1 --")}/balance?chainId=eip155:31337`],
    ['a missing chainId', `/v1/account/${recipient}/balance?currency=usd`],
    ['a malformed chainId', balancePath(recipient, 'eip155')],
    ['a CAIP-10 as chainId', balancePath(recipient, `eip155:31337:${recipient}`)],
    ['another currency', `/v1/account/${recipient}/balance?currency=eur&chainId=eip155:31337`],
    ['a Solana address on an EVM chain', balancePath('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'eip155:31337')],
    ['an EVM address on a Solana chain', balancePath('0x1000000000000000000000000000000000000abc', 'solana:localnet')],
  ])('answers %s with a 400', async (_label, path) => {
    const { status, body } = await server.getJson(path)
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'INVALID_PARAMS', message: expect.any(String) })
  })
})

describe('GET /v1/identity/:address', () => {
  it('answers the configured identity, matching the address case-insensitively', async () => {
    const { status, body } = await server.getJson(`/v1/identity/${recipient}?sender=${devAccount.address}&projectId=demo`)
    expect(status).toBe(200)
    expect(body).toEqual({ name: 'alice.example', avatar: 'https://alice.example.com/a.png' })
    expect((await server.getJson(`/v1/identity/${recipient.toUpperCase().replace('0X', '0x')}`)).body.name).toBe('alice.example')
  })

  it('answers nulls for an unknown address', async () => {
    expect((await server.getJson(`/v1/identity/${devAccount.address}`)).body).toEqual({ name: null, avatar: null })
  })

  it('answers a malformed address with a 400', async () => {
    for (const address of ['nope', '0x123', encodeURIComponent('<script>'), '__proto__']) {
      const { status } = await server.getJson(`/v1/identity/${address}`)
      expect(status, address).toBe(400)
    }
  })
})
