// The server's Solana activity against the sandbox's LiteSVM chain: SOL and SPL (pUSD) transfers made
// with @solana/kit and signed by real keys, read back through the node's getSignaturesForAddress and
// getTransaction (whose token balances @solana/kit reads too) and served as /v1/account/:address/history,
// with paging, spam mints, hostile input and a dead node.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import {
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Signature,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Transaction } from '../../../server/blockchain/Transaction.js'
import { readSolanaHistory } from '../../../server/blockchain/readSolanaHistory.js'
import { type ChainConfig, type PorticoServer, createServer } from '../../../server/createServer.js'
import { devSolanaSigner } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts, solanaPorticoUsd } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { type SolanaRpc, startSolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'

const chainId = 'solana:localnet'
const deadChain = 'solana:down'
const fee = 5_000n
const sol = 1_000_000_000n
const native = { name: 'Solana', symbol: 'SOL', decimals: 9 }

let solana: SolanaRpc
let server: PorticoServer
let dataDir: string
let rpc: ReturnType<typeof createSolanaRpc>
let send: ReturnType<typeof sendAndConfirmTransactionFactory>
let dev: KeyPairSigner
let mint: Address
let chain: ChainConfig

async function land(payer: KeyPairSigner, instructions: Instruction[]): Promise<Signature> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  assertIsTransactionWithBlockhashLifetime(transaction)
  await send(transaction, { commitment: 'confirmed' })
  return getSignatureFromTransaction(transaction)
}
const ataOf = async (owner: Address, of = mint) => (await findAssociatedTokenPda({ owner, mint: of, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
async function sendPusd(from: KeyPairSigner, to: Address, amount: bigint, of = mint): Promise<Signature> {
  const destination = await ataOf(to, of)
  return land(from, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: to, mint: of }),
    getTransferCheckedInstruction({ source: await ataOf(from.address, of), mint: of, destination, authority: from, amount, decimals: 6 }),
  ])
}
const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=demo`)
  return { status: response.status, body: (await response.json()) as { data: Transaction[]; next: string | null; code?: string; message?: string } }
}
const history = (address: string, cursor?: string, chain = chainId) =>
  get(`/v1/account/${address}/history?chainId=${encodeURIComponent(chain)}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)

beforeAll(async () => {
  solana = await startSolanaRpc()
  rpc = createSolanaRpc(devnet(solana.rpcUrl))
  send = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: createSolanaRpcSubscriptions(devnet(solana.wsUrl)) })
  const funding = await fundSolanaDevAccounts(solana)
  mint = funding.mint as Address
  dev = await devSolanaSigner()
  chain = { caipNetworkId: chainId, name: 'Local Solana', rpcUrl: solana.rpcUrl, nativeCurrency: native, nativePriceUsd: 150, tokens: [{ address: mint, ...solanaPorticoUsd, priceUsd: 1 }] }
  dataDir = await mkdtemp(join(tmpdir(), 'portico-solana-history-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [chain, { caipNetworkId: deadChain, name: 'Dead Solana', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: native }],
  })
})
afterAll(async () => {
  await server?.close()
  await solana?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('Solana activity on the server', () => {
  it('lists the supported chains with solana among those whose history is served', async () => {
    const response = await fetch(`${server.url}/v1/supported-chains?projectId=demo`)
    expect(((await response.json()) as { history: string[] }).history).toEqual([chainId, deadChain])
  })

  it('a SOL transfer: a send for the signer (fee included) and a receive for the recipient, both priced', async () => {
    const bob = await generateKeyPairSigner()
    const signature = await land(dev, [getTransferSolInstruction({ source: dev, destination: bob.address, amount: sol / 4n })])
    // The node answers getTransaction as @solana/kit expects it.
    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send()
    expect(landed?.meta?.fee).toBe(fee)
    const sent = await history(dev.address)
    expect(sent.status).toBe(200)
    expect(sent.body.data[0]).toMatchObject({
      id: signature,
      metadata: { operationType: 'send', hash: signature, chain: chainId, sentFrom: dev.address, sentTo: bob.address, status: 'confirmed', nonce: 0 },
      transfers: [{ direction: 'out', quantity: { numeric: '0.250005' }, price: 150, fungible_info: { symbol: 'SOL', flags: { is_spam: false } } }],
    })
    expect(sent.body.data[0]!.transfers[0]!.value).toBeCloseTo(37.50075, 6)
    expect(Date.parse(sent.body.data[0]!.metadata.minedAt)).toBeGreaterThan(Date.now() - 60_000)
    const received = await history(bob.address)
    expect(received.body).toEqual({
      data: [
        {
          id: signature,
          metadata: { operationType: 'receive', hash: signature, chain: chainId, minedAt: expect.any(String), sentFrom: dev.address, sentTo: bob.address, status: 'confirmed', nonce: 0 },
          transfers: [{ fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: `${server.url}/public/getTokenImage/SOL` }, flags: { is_spam: false } }, direction: 'in', quantity: { numeric: '0.25' }, value: 37.5, price: 150, sender: dev.address, recipient: bob.address }],
        },
      ],
      next: null,
    })
  })

  it('pUSD transfers: token balances in getTransaction as @solana/kit reads them, and a transfer into an existing token account still reaches the owner\'s history', async () => {
    const carol = await generateKeyPairSigner()
    const first = await sendPusd(dev, carol.address, 2_500_000n)
    const landed = await rpc.getTransaction(first, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send()
    const carolAta = await ataOf(carol.address)
    const keys = landed!.transaction.message.accountKeys
    const carolIndex = keys.indexOf(carolAta)
    expect(carolIndex).toBeGreaterThan(0)
    // Carol's token account did not exist before: it is only in postTokenBalances, as on a real node.
    expect(landed!.meta!.preTokenBalances?.find((b) => b.accountIndex === carolIndex)).toBeUndefined()
    expect(landed!.meta!.postTokenBalances?.find((b) => b.accountIndex === carolIndex)).toEqual({
      accountIndex: carolIndex,
      mint,
      owner: carol.address,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' },
    })
    const devBefore = landed!.meta!.preTokenBalances?.find((b) => b.owner === dev.address)
    const devAfter = landed!.meta!.postTokenBalances?.find((b) => b.owner === dev.address)
    expect(BigInt(devBefore!.uiTokenAmount.amount) - BigInt(devAfter!.uiTokenAmount.amount)).toBe(2_500_000n)

    // The second transfer names only Carol's token account, not Carol (no create-account instruction).
    const second = await land(dev, [getTransferCheckedInstruction({ source: await ataOf(dev.address), mint, destination: carolAta, authority: dev, amount: 1_000_000n, decimals: 6 })])
    const secondTx = await rpc.getTransaction(second, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send()
    expect(secondTx!.transaction.message.accountKeys).not.toContain(carol.address)
    expect((await rpc.getSignaturesForAddress(carol.address).send()).map((s) => s.signature)).toEqual([first])

    const received = await history(carol.address)
    expect(received.body.data.map((t) => [t.id, t.metadata.operationType, t.metadata.sentFrom, t.transfers.map((x) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info?.symbol}`)])).toEqual([
      [second, 'receive', dev.address, ['in 1 pUSD']],
      [first, 'receive', dev.address, ['in 2.5 pUSD']],
    ])
    expect(received.body.data[0]!.transfers[0]).toMatchObject({ value: 1, price: 1, fungible_info: { name: 'Portico USD', flags: { is_spam: false } } })
    const sent = await history(dev.address)
    const [latest] = sent.body.data
    expect(latest).toMatchObject({ id: second, metadata: { operationType: 'send', sentTo: carol.address } })
    // The dev key sent 1 pUSD (listed first) and paid the fee in SOL.
    expect(latest!.transfers.map((x) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info?.symbol}`)).toEqual(['out 1 pUSD', 'out 0.000005 SOL'])
  })

  it('a mint the chain does not configure is listed as spam, with no price', async () => {
    const stranger = await generateKeyPairSigner()
    const other = await generateKeyPairSigner()
    const dave = await generateKeyPairSigner()
    await land(dev, [getTransferSolInstruction({ source: dev, destination: stranger.address, amount: sol })])
    const space = BigInt(getMintSize())
    const rent = await rpc.getMinimumBalanceForRentExemption(space).send()
    const strangerAta = await ataOf(stranger.address, other.address)
    await land(stranger, [
      getCreateAccountInstruction({ payer: stranger, newAccount: other, lamports: rent, space, programAddress: TOKEN_PROGRAM_ADDRESS }),
      getInitializeMint2Instruction({ mint: other.address, decimals: 6, mintAuthority: stranger.address }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: stranger, ata: strangerAta, owner: stranger.address, mint: other.address }),
      getMintToCheckedInstruction({ mint: other.address, token: strangerAta, mintAuthority: stranger, amount: 7_000_000n, decimals: 6 }),
    ])
    const signature = await sendPusd(stranger, dave.address, 7_000_000n, other.address)
    const { body } = await history(dave.address)
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({ id: signature, metadata: { operationType: 'receive', sentFrom: stranger.address } })
    expect(body.data[0]!.transfers).toEqual([
      { fungible_info: { name: other.address, symbol: `${other.address.slice(0, 4)}…`, flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '7000000' }, sender: stranger.address, recipient: dave.address },
    ])
  })

  it('pages newest first through the signatures of the address and its token accounts, with a cursor only it gave out', async () => {
    const erin = await generateKeyPairSigner()
    const landed: string[] = []
    landed.push(await land(dev, [getTransferSolInstruction({ source: dev, destination: erin.address, amount: sol })]))
    landed.push(await sendPusd(dev, erin.address, 1_000_000n))
    landed.push(await sendPusd(dev, erin.address, 2_000_000n))
    landed.push(await land(erin, [getTransferSolInstruction({ source: erin, destination: dev.address, amount: sol / 10n })]))
    landed.push(await sendPusd(dev, erin.address, 3_000_000n))
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const { data, next } = await readSolanaHistory({ chain, address: erin.address, pageSize: 2, baseUrl: 'http://x', ...(cursor ? { cursor } : {}) })
      seen.push(...data.map((t) => t.id))
      if (next === null) break
      expect(next).toBe(data.at(-1)!.id)
      cursor = next
    }
    expect(seen).toEqual([...landed].reverse())
    // The route takes a signature (88 characters at most) as cursor.
    const { status, body } = await history(erin.address, seen[1])
    expect(status).toBe(200)
    expect(body.data.map((t) => t.id)).toEqual(seen.slice(2))
    const sentBack = (await history(erin.address)).body.data.find((t) => t.id === landed[3])
    expect(sentBack).toMatchObject({ metadata: { operationType: 'send', sentFrom: erin.address, sentTo: dev.address }, transfers: [{ direction: 'out', quantity: { numeric: '0.100005' } }] })
  })

  it('tokens minted to the address are a mint with no sender; the SOL it paid for rent and fee follows', async () => {
    const { data } = await readSolanaHistory({ chain, address: dev.address, pageSize: 1000, baseUrl: 'http://x' })
    const minted = data.filter((t) => t.metadata.operationType === 'mint')
    expect(minted).toHaveLength(1)
    expect(minted[0]!.transfers.map((x) => [x.direction, x.quantity.numeric, x.fungible_info?.symbol, x.sender, x.recipient])).toEqual([
      ['in', '1000000', 'pUSD', '', dev.address],
      ['out', expect.stringMatching(/^0\.00\d+$/), 'SOL', dev.address, mint],
    ])
    // The oldest entry is the faucet's airdrop of 100 SOL.
    expect(data.at(-1)).toMatchObject({ metadata: { operationType: 'receive' }, transfers: [{ direction: 'in', quantity: { numeric: '100' }, recipient: dev.address }] })
  })

  it('an address with no activity has an empty first page', async () => {
    const nobody = await generateKeyPairSigner()
    expect((await history(nobody.address)).body).toEqual({ data: [], next: null })
  })

  it.each([
    ['a cursor that is not a signature', 'not-a-signature!'],
    ['a well-formed signature this address never had', '5'.repeat(88)],
    ['a cursor longer than a signature', '5'.repeat(89)],
  ])('answers %s with a 400', async (_label, cursor) => {
    const { status, body } = await history(dev.address, cursor)
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'INVALID_PARAMS', message: expect.any(String) })
  })

  it('answers an EVM address on the Solana chain with a 400', async () => {
    const { status } = await history('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(status).toBe(400)
  })

  it('answers a dead node with 502 UPSTREAM_UNAVAILABLE, and keeps serving the live chain', async () => {
    const { status, body } = await history(dev.address, undefined, deadChain)
    expect(status).toBe(502)
    expect(body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: `Could not read history from ${deadChain}` })
    expect((await history(dev.address)).status).toBe(200)
  })

  it('a node that answers nonsense is a 502, never an invented page', async () => {
    const { createServer: createHttpServer } = await import('node:http')
    const liar = createHttpServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const calls = JSON.parse(body) as { id: number }[]
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify(calls.map(({ id }) => ({ jsonrpc: '2.0', id, result: [{ signature: 42, slot: 'x' }] }))))
      })
    })
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve))
    const port = (liar.address() as { port: number }).port
    try {
      await expect(readSolanaHistory({ chain: { ...chain, tokens: [], rpcUrl: `http://127.0.0.1:${port}` }, address: dev.address, baseUrl: 'http://x' })).rejects.toThrow('getSignaturesForAddress: malformed answer')
    } finally {
      await new Promise((resolve) => liar.close(resolve))
    }
  })
})
