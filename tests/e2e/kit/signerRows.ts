// The signer kit's table (issue 49): one row per namespace whose demo has a "Your own transaction"
// example (issue 47). A row names the chain (its chain kit row), the example's button, what its
// wallets log, the connectors to run it over, and `order()`: fills the example's form for one run and
// says how the outcome is read back from the chain with the ecosystem's library (viem, @solana/kit's
// JSON-RPC, Esplora, the Cosmos REST API, @polkadot/api, the Stacks blockchain API, @mysten/sui).
import { randomBytes } from 'node:crypto'
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { encodeAddress } from '@polkadot/util-crypto'
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { Pc, postConditionToHex } from '@stacks/transactions'
import type { Browser, Locator } from 'playwright-core'
import { createPublicClient, decodeFunctionData, erc20Abi, getAddress, http, type Address, type Hash, type PublicClient } from 'viem'
import { expect } from 'vitest'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { devSolanaSigner } from '../../../sandbox/solana/devSolana.js'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import type { TestSandbox } from '../../helpers/startSandbox.js'
import { rows, type ChainRow, type ChainTruth, type SandboxChain } from './chainRows.js'

/** What a signer file opened once: the sandbox, its sandbox.json, the row's chain and its truth, one Chromium. */
export type SignerSandbox = {
  sandbox: TestSandbox
  browser: Browser
  info: { chains: SandboxChain[]; ledgerAccounts: Record<string, string[] | undefined> }
  chain: SandboxChain
  truth: ChainTruth
}

/** One run of the example: where it runs and from which account. */
export type SignerContext = SignerSandbox & {
  network: string
  caipNetworkId: string
  /** The connected account that pays. */
  from: string
  /** The connector, for memos and the like. */
  label: string
}

/** The example filled for one run. */
export type SignerOrder = {
  /** The receiver and amount (pUSD) when the example has one, as an embedded wallet's approval screen names them. */
  receiver?: string
  amount?: string
  /** What the wallet's request on the /wallet page shows of it (WalletConnect). */
  shows: string[]
  /** Reads the transaction the status line names back from the chain. */
  landed(status: string): Promise<void>
  /** Nothing of it reached the chain (before an approval, after a refusal). */
  unmoved(): Promise<void>
}

/**
 * A wallet persona (sandbox/personas, docs/wallets/<wallet>.md) the example runs over, on the persona
 * kit's page once that persona is connected (tests/e2e/personas/<namespace>.test.ts); `method` its log's
 * name for the request when not the row's; `refusal` (its status text) when it is told to refuse once.
 */
export type SignerPersona = { id: string; method?: string; refusal?: string | RegExp }

export type SignerConnector =
  /** The row's dev wallet; it refuses with its panel's "Reject requests" unless `refuses: false`; `switchTo` runs it again after the visitor switches network. */
  | { kind: 'extension'; refuses?: boolean; switchTo?: { network: string; caipNetworkId: string } }
  /** The sandbox's /wallet page over WalletConnect, paired on `network` (default the row's); `refusal` when the visitor rejects once there. */
  | { kind: 'walletconnect'; method: string; network?: string; caipNetworkId?: string; refusal?: string | RegExp }
  /** The emulated Ledger's account `account` (0-based); `app` to open on the device first; `ask` when the visitor approves on the device. */
  | { kind: 'ledger'; account: number; app?: string; ask?: boolean; fund?(ctx: SignerContext): Promise<void> }
  /** The embedded wallet (email sign-in); `fund` gives its new account what the example spends. */
  | { kind: 'embedded'; fund(ctx: SignerContext): Promise<void> }

export type SignerRow = {
  chain: ChainRow
  /** What the example does, for the test names. */
  example: string
  /** Where the outcome is read, for the test names. */
  verifier: string
  /** The example's button. */
  button: string
  /** The row's dev wallet's log entry for the example (a persona may log its own `method`). */
  method: string
  /** The status line once the chain accepted it. */
  sent: RegExp
  /** The status line after the dev wallet refused. */
  refused: string | RegExp
  order(section: Locator, ctx: SignerContext): Promise<SignerOrder>
  connectors: SignerConnector[]
  /** The personas it runs over (in the persona files, on their connected page). */
  personas?: SignerPersona[]
  close?(): Promise<void>
}

async function faucet(ctx: SignerContext, body: Record<string, string>): Promise<void> {
  const paid = await fetch(`${ctx.sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!paid.ok) throw new Error(`the faucet answered ${paid.status}: ${await paid.text()}`)
}

const nodeOf = (ctx: SignerContext, caipNetworkId = ctx.caipNetworkId) => {
  const chain = ctx.info.chains.find((c) => c.caipNetworkId === caipNetworkId)
  if (!chain) throw new Error(`The sandbox has no ${caipNetworkId}`)
  return chain.nodeUrl
}

async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

// eip155 ---------------------------------------------------------------------------------------

/** The sandbox's pUSD (6 decimals), at one address on both devnets. */
const pusd: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const evmClients = new Map<string, PublicClient>()
const evm = (ctx: SignerContext) => {
  if (!evmClients.has(ctx.caipNetworkId)) evmClients.set(ctx.caipNetworkId, createPublicClient({ transport: http(nodeOf(ctx)), cacheTime: 0 }))
  return evmClients.get(ctx.caipNetworkId)!
}
const pusdOnEvm = (ctx: SignerContext, owner: string) => evm(ctx).readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] })

const eip155: SignerRow = {
  chain: rows.eip155,
  example: "viem's writeContract of pUSD's transfer",
  verifier: 'viem (the receipt, the call it carried, both balances)',
  button: 'Transfer pUSD with viem',
  method: 'eth_sendTransaction',
  sent: /^Transfer success in block \d+ \(0x[0-9a-f]{64}\)/,
  refused: 'Not sent: User rejected the request.',
  async order(section, ctx) {
    const to = ctx.truth.fresh()
    const from = getAddress(ctx.from)
    const [before, nonce] = [await pusdOnEvm(ctx, from), await evm(ctx).getTransactionCount({ address: from })]
    await section.getByRole('textbox', { name: 'Recipient' }).fill(to)
    await section.getByRole('textbox', { name: 'Amount (pUSD)' }).fill('1.25')
    return {
      receiver: to,
      amount: '1.25',
      // The token contract, and the call's data naming the recipient.
      shows: [pusd, to.slice(2).toLowerCase()],
      async landed(status) {
        const hash = /\((0x[0-9a-f]{64})\)/.exec(status)![1] as Hash
        const receipt = await evm(ctx).getTransactionReceipt({ hash })
        expect(receipt.status).toBe('success')
        expect(getAddress(receipt.from)).toBe(from)
        expect(getAddress(receipt.to!)).toBe(pusd)
        const { input } = await evm(ctx).getTransaction({ hash })
        expect(decodeFunctionData({ abi: erc20Abi, data: input })).toEqual({ functionName: 'transfer', args: [to, 1_250_000n] })
        expect(await pusdOnEvm(ctx, to)).toBe(1_250_000n)
        expect(await pusdOnEvm(ctx, from)).toBe(before - 1_250_000n)
        expect(status).toContain(`pUSD on ${ctx.network}`)
        expect(status).toContain('the recipient 1.25')
      },
      async unmoved() {
        expect(await evm(ctx).getTransactionCount({ address: from })).toBe(nonce)
        expect(await pusdOnEvm(ctx, to)).toBe(0n)
      },
    }
  },
  connectors: [
    { kind: 'extension', switchTo: { network: 'Portico Devnet B', caipNetworkId: 'eip155:31338' } },
    // Paired on Devnet B: the transfer goes there.
    { kind: 'walletconnect', method: 'eth_sendTransaction', network: 'Portico Devnet B', caipNetworkId: 'eip155:31338' },
    // The sandbox funds the Ledger's first accounts with ETH; the pUSD comes from the faucet. The device signs the contract call (blind signing on).
    { kind: 'ledger', account: 2, fund: (ctx) => faucet(ctx, { caipAddress: `eip155:31337:${ctx.from}`, amount: '5000000', token: pusd }) },
    {
      kind: 'embedded',
      async fund(ctx) {
        await faucet(ctx, { caipAddress: `eip155:31337:${ctx.from}`, amount: '1' })
        await faucet(ctx, { caipAddress: `eip155:31337:${ctx.from}`, amount: '5000000', token: pusd })
      },
    },
  ],
  personas: listPersonas()
    .filter((p) => p.namespace === 'eip155')
    .map((p) => ({ id: p.id })),
}

// solana ---------------------------------------------------------------------------------------

/**
 * Gives `ctx.from` pUSD from the dev key (a @solana/kit transfer signed in Node) and SOL for fees
 * from the sandbox's faucet: what an account needs before it pays in pUSD.
 */
async function fundSolana(ctx: SignerContext, units: bigint): Promise<void> {
  await faucet(ctx, { caipAddress: `${ctx.caipNetworkId}:${ctx.from}`, amount: '1' })
  const mint = address(ctx.chain.tokens[0]!.address)
  const rpc = createSolanaRpc(ctx.chain.nodeUrl)
  const dev = await devSolanaSigner()
  const [source] = await findAssociatedTokenPda({ owner: dev.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: address(ctx.from), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const before = await ctx.truth.balance(ctx.from, 'pUSD')
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(dev, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({ payer: dev, ata: destination, owner: address(ctx.from), mint }),
            getTransferCheckedInstruction({ source, mint, destination, authority: dev, amount: units, decimals: 6 }),
          ],
          m,
        ),
    ),
  )
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
  await expect.poll(() => ctx.truth.balance(ctx.from, 'pUSD'), { timeout: 20_000 }).toBe(before + units)
}

const solana: SignerRow = {
  chain: rows.solana,
  example: "pUSD and a memo in one @solana/kit transaction",
  verifier: "LiteSVM's JSON-RPC (the pUSD, the fee payer, the Memo program's log)",
  button: 'Send pUSD with a memo',
  method: 'solana:signAndSendTransaction',
  sent: /^Confirmed: [1-9A-HJ-NP-Za-km-z]{64,88}$/,
  refused: /^Failed: .*rejected/i,
  async order(section, ctx) {
    const to = ctx.truth.fresh()
    const memo = `${ctx.label} ${randomBytes(3).toString('hex')}`
    const before = await ctx.truth.balance(ctx.from, 'pUSD')
    await section.getByRole('textbox', { name: 'Recipient' }).fill(to)
    await section.getByRole('textbox', { name: 'Amount (pUSD)' }).fill('0.5')
    await section.getByRole('textbox', { name: 'Memo' }).fill(memo)
    return {
      receiver: to,
      amount: '0.5',
      shows: [ctx.from, 'Associated Token Account, SPL Token, Memo', memo],
      async landed(status) {
        const signature = status.replace('Confirmed: ', '')
        expect(await ctx.truth.balance(to, 'pUSD')).toBe(500_000n)
        expect(await ctx.truth.balance(ctx.from, 'pUSD')).toBe(before - 500_000n)
        const landed = await jsonRpc<{ meta: { err: unknown; logMessages: string[] }; transaction: { message: { accountKeys: string[] } } }>(ctx.chain.nodeUrl, 'getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }])
        expect(landed.meta.err).toBeNull()
        expect(landed.transaction.message.accountKeys[0]).toBe(ctx.from)
        expect(landed.meta.logMessages.join('\n')).toContain(['Program log: Signed by:', `Program log: ${ctx.from}`, `Program log: Memo (len ${new TextEncoder().encode(memo).length})`, `Program log: ${memo}`].join('\n'))
      },
      unmoved: async () => expect(await ctx.truth.balance(to, 'pUSD')).toBe(0n),
    }
  },
  connectors: [
    { kind: 'extension' },
    { kind: 'walletconnect', method: 'solana_signAndSendTransaction' },
    { kind: 'ledger', account: 0, app: 'Solana', ask: true, fund: (ctx) => fundSolana(ctx, 3_000_000n) },
    { kind: 'embedded', fund: (ctx) => fundSolana(ctx, 2_000_000n) },
  ],
  personas: [
    { id: 'solana/phantom', method: 'signAndSendTransaction', refusal: 'Failed: User rejected the request.' },
    // Solflare's SDK rejects with no reason at all: the plugin reads that as the visitor's refusal.
    { id: 'solana/solflare', method: 'signAndSendTransaction', refusal: 'Failed: The wallet declined the request without giving a reason' },
    { id: 'solana/backpack', method: 'signAndSendTransaction', refusal: 'Failed: User rejected the request.' },
  ],
}

// bip122 ---------------------------------------------------------------------------------------

const memo = 'Hello from the Portico demo'
const memoScript = `6a${memo.length.toString(16).padStart(2, '0')}${Buffer.from(memo).toString('hex')}`
type EsploraTx = { txid: string; vin: { prevout: { scriptpubkey_address?: string } | null }[]; vout: { scriptpubkey: string; scriptpubkey_type: string; value: number; scriptpubkey_address?: string }[] }
const unspent = async (ctx: SignerContext) => ((await (await fetch(`${ctx.chain.nodeUrl}/address/${devBitcoinAddress}/utxo`)).json()) as { txid: string; vout: number }[]).map((u) => `${u.txid}:${u.vout}`).sort()

const bip122: SignerRow = {
  chain: rows.bip122,
  example: 'a PSBT built with @scure/btc-signer (two inputs of the payment address, an OP_RETURN)',
  verifier: "the regtest ledger's Esplora API",
  button: 'Sign and broadcast the PSBT',
  method: 'signPsbt',
  sent: /^Broadcast ([0-9a-f]{64}) \(2 inputs, OP_RETURN "Hello from the Portico demo"\)$/,
  // A refusal is the typed user rejection (isUserRejection: 4001; WalletConnect's 5000).
  refused: /^Not sent \(refused in the wallet\): \w+ 4001: /,
  async order(_section, ctx) {
    // Two fresh UTXOs on the payment address (the faucet answers once they are spendable), so the example has its two inputs.
    for (const amount of ['0.002', '0.003']) await faucet(ctx, { caipAddress: `${ctx.caipNetworkId}:${devBitcoinAddress}`, amount })
    const before = await unspent(ctx)
    return {
      shows: [`OP_RETURN ${memo}`, devBitcoinAddress],
      async landed(status) {
        const txid = bip122.sent.exec(status)![1]!
        const response = await fetch(`${ctx.chain.nodeUrl}/tx/${txid}`)
        expect(response.status).toBe(200)
        const tx = (await response.json()) as EsploraTx
        expect(tx.txid).toBe(txid)
        expect(tx.vin.map((input) => input.prevout?.scriptpubkey_address)).toEqual([devBitcoinAddress, devBitcoinAddress])
        expect(tx.vout[0]).toEqual(expect.objectContaining({ scriptpubkey_type: 'op_return', scriptpubkey: memoScript, value: 0 }))
        expect(tx.vout[1]).toEqual(expect.objectContaining({ scriptpubkey_address: devBitcoinAddress }))
      },
      unmoved: async () => expect(await unspent(ctx)).toEqual(before),
    }
  },
  connectors: [
    { kind: 'extension' },
    { kind: 'walletconnect', method: 'signPsbt', refusal: /^Not sent \(refused in the wallet\): \w+ (4001|5000): / },
  ],
  personas: [{ id: 'bip122/leather' }],
}

// cosmos ---------------------------------------------------------------------------------------

type CosmosTx = {
  tx: { body: { memo: string; messages: unknown[] }; auth_info: { signer_infos: { mode_info: { single: { mode: string } } }[] } }
  tx_response: { code: number }
}

const cosmos: SignerRow = {
  chain: rows.cosmos,
  example: 'a MsgSend with a memo built with CosmJS',
  verifier: "the chain's REST API (the message, the memo, the sign mode, the balance)",
  button: 'Sign and broadcast with CosmJS',
  method: 'signDirect',
  sent: /^Included in block \d+: [0-9A-F]{64}$/,
  refused: 'Rejected in the wallet (code 4001)',
  async order(section, ctx) {
    const to = ctx.truth.fresh()
    const memo = `${ctx.label} ${to.slice(-6)}`
    await section.getByLabel('Recipient').fill(to)
    await section.getByLabel(/^Amount/).fill('0.02')
    await section.getByLabel('Memo').fill(memo)
    return {
      shows: [memo],
      async landed(status) {
        const hash = /: ([0-9A-F]{64})$/.exec(status)![1]
        const { tx, tx_response } = (await (await fetch(`${ctx.chain.nodeUrl}/cosmos/tx/v1beta1/txs/${hash}`)).json()) as CosmosTx
        expect(tx_response.code).toBe(0)
        expect(tx.body.memo).toBe(memo)
        expect(tx.body.messages).toEqual([{ '@type': '/cosmos.bank.v1beta1.MsgSend', from_address: ctx.from, to_address: to, amount: [{ denom: 'uptc', amount: '20000' }] }])
        expect(tx.auth_info.signer_infos[0]?.mode_info.single.mode).toBe('SIGN_MODE_DIRECT')
        expect(await ctx.truth.balance(to)).toBe(20_000n)
      },
      unmoved: async () => expect(await ctx.truth.balance(to)).toBe(0n),
    }
  },
  connectors: [{ kind: 'extension' }, { kind: 'walletconnect', method: 'cosmos_signDirect' }],
  personas: [{ id: 'cosmos/keplr' }],
}

// polkadot -------------------------------------------------------------------------------------

let polkadotApi: ApiPromise | undefined
const roc = 10n ** 12n

const polkadot: SignerRow = {
  chain: rows.polkadot,
  example: "polkadot-api's Utility.batch_all of two Balances.transfer_keep_alive",
  verifier: '@polkadot/api (the block, its extrinsic, both receivers)',
  button: 'Send 1.25 ROC and 0.75 ROC in one batch',
  method: 'signPayload',
  sent: /^Included in block #\d+: 0x[0-9a-f]{64}$/,
  refused: /^Not sent: .*reject/i,
  async order(section, ctx) {
    polkadotApi ??= await ApiPromise.create({ provider: new HttpProvider(ctx.chain.nodeUrl), noInitWarn: true })
    const api = polkadotApi
    const receivers = [ctx.truth.fresh(), ctx.truth.fresh()] as const
    expect(await section.textContent()).toContain('Utility.batch_all')
    await section.getByLabel('First receiver').fill(receivers[0])
    await section.getByLabel('Second receiver').fill(receivers[1])
    const held = () => Promise.all(receivers.map((r) => ctx.truth.balance(r)))
    return {
      // The payload's genesis hash: the sandbox chain's.
      shows: [`0x${'45'.repeat(32)}`],
      async landed(status) {
        const [, number, hash] = /^Included in block #(\d+): (0x[0-9a-f]{64})$/.exec(status)!
        const { block } = await api.rpc.chain.getBlock(await api.rpc.chain.getBlockHash(Number(number)))
        const extrinsic = block.extrinsics.find((e) => e.hash.toHex() === hash)
        expect(extrinsic, `block #${number} holds ${hash}`).toBeDefined()
        // @polkadot/api spells the signer in the runtime's own prefix: compared in the sandbox's (42).
        expect([extrinsic!.method.section, extrinsic!.method.method, encodeAddress(extrinsic!.signer.toString(), 42)]).toEqual(['utility', 'batchAll', ctx.from])
        expect((extrinsic!.method.args[0] as unknown as { section: string; method: string }[]).map((call) => `${call.section}.${call.method}`)).toEqual(['balances.transferKeepAlive', 'balances.transferKeepAlive'])
        expect(await held()).toEqual([(125n * roc) / 100n, (75n * roc) / 100n])
      },
      unmoved: async () => expect(await held()).toEqual([0n, 0n]),
    }
  },
  connectors: [
    { kind: 'extension' },
    { kind: 'walletconnect', method: 'polkadot_signTransaction', refusal: /^Not sent: .*reject/i },
  ],
  // Talisman refuses with "Cancelled": the plugin reads it as the visitor saying no.
  personas: [{ id: 'polkadot/talisman', refusal: 'Not sent: User rejected the request.' }],
  close: async () => {
    await polkadotApi?.disconnect()
    polkadotApi = undefined
  },
}

// stacks ---------------------------------------------------------------------------------------

const stacks: SignerRow = {
  chain: rows.stacks,
  example: "a SIP-010 transfer of pUSD built with @stacks/transactions (a deny-mode post condition)",
  verifier: "the ledger's blockchain API (the contract call, its sender, the balances)",
  button: 'Transfer pUSD (SIP-010 contract call)',
  method: 'stx_callContract',
  sent: /^Confirmed in block \d+: 0x[0-9a-f]{64}$/,
  refused: 'Rejected in the wallet',
  async order(section, ctx) {
    const to = ctx.truth.fresh()
    const tokenId = ctx.chain.tokens[0]!.address
    const [contract, asset] = tokenId.split('::') as [`${string}.${string}`, string]
    const before = await ctx.truth.balance(ctx.from, 'pUSD')
    await section.getByLabel('Recipient').fill(to)
    await section.getByLabel('Amount (pUSD)').fill('1.25')
    return {
      // The call, and its post condition as the wallet got it: "the account sends exactly 1.25 pUSD", in the wire format @stacks/transactions writes.
      shows: [`${contract} transfer`, ctx.from, postConditionToHex(Pc.principal(ctx.from).willSendEq(1_250_000n).ft(contract, asset)).replace(/^0x/, '')],
      async landed(status) {
        const txid = /: (0x[0-9a-f]{64})$/.exec(status)![1]
        const tx = await (await fetch(`${ctx.chain.nodeUrl}/extended/v1/tx/${txid}`)).json()
        expect(tx).toMatchObject({ tx_status: 'success', sender_address: ctx.from, contract_call: { contract_id: contract, function_name: 'transfer' } })
        expect(await ctx.truth.balance(to, 'pUSD')).toBe(1_250_000n)
        // Other files may use the dev account meanwhile (a shared sandbox): it holds at most what it had less this transfer.
        expect(await ctx.truth.balance(ctx.from, 'pUSD')).toBeLessThanOrEqual(before - 1_250_000n)
      },
      unmoved: async () => expect(await ctx.truth.balance(to, 'pUSD')).toBe(0n),
    }
  },
  connectors: [{ kind: 'extension' }, { kind: 'walletconnect', method: 'stx_callContract' }],
  personas: [{ id: 'stacks/leather' }],
}

// sui ------------------------------------------------------------------------------------------

const sui: SignerRow = {
  chain: rows.sui,
  example: 'a programmable transaction built with @mysten/sui (two coins split off the gas coin, one to each of two addresses)',
  verifier: "@mysten/sui's GraphQL client",
  button: 'Pay two addresses in one transaction',
  method: 'sui:signAndExecuteTransaction',
  sent: /^Executed [1-9A-HJ-NP-Za-km-z]{32,44}$/,
  refused: /^Not executed: .*reject/i,
  async order(section, ctx) {
    const graphql = new SuiGraphQLClient({ url: `${ctx.chain.nodeUrl.replace(/\/+$/, '')}/graphql`, network: 'localnet' })
    await section.locator('dd').first().waitFor()
    const paid = await section.locator('dd').allTextContents()
    expect(paid).toHaveLength(2)
    const before = await ctx.truth.balance(ctx.from)
    const held = () => Promise.all(paid.map((owner) => ctx.truth.balance(owner)))
    return {
      shows: [ctx.caipNetworkId, 'SplitCoins, TransferObjects, TransferObjects'],
      async landed(status) {
        const { transaction } = await graphql.core.getTransaction({ digest: status.replace('Executed ', '') })
        expect(transaction.effects.status).toEqual({ success: true, error: null })
        expect(transaction.transaction.sender).toBe(ctx.from)
        expect(transaction.transaction.commands.map((c) => Object.keys(c).find((key) => key !== '$kind'))).toEqual(['SplitCoins', 'TransferObjects', 'TransferObjects'])
        expect(await held()).toEqual([100_000_000n, 50_000_000n])
        // The 0.15 SUI paid and the gas.
        expect(before - (await ctx.truth.balance(ctx.from))).toBeGreaterThan(150_000_000n)
      },
      unmoved: async () => expect(await held()).toEqual([0n, 0n]),
    }
  },
  connectors: [{ kind: 'extension' }, { kind: 'walletconnect', method: 'sui_signAndExecuteTransaction', refusal: /^Not executed: .*reject/i }],
  personas: [{ id: 'sui/slush' }],
}

export const signerRows = { eip155, solana, bip122, cosmos, polkadot, stacks, sui } satisfies Record<string, SignerRow>
