// Issue 47 on solana: the site's own transactions through `portico.getSigner('solana')`, against
// LiteSVM (the sandbox's RPC) and the real Portico Dev Wallet (Wallet Standard, a real ed25519 key).
// A transaction is built with @solana/kit as a site builds it (kit's own signer functions take the
// signer's kit signer as they are), signed by the wallet, accepted by the chain and read back from
// it; a refusal in the wallet is a 4001, another network is refused before the wallet is asked, a
// transaction the chain refuses says the node's reason, and malformed input reaches no wallet.
import '../../helpers/solanaLoaded.js'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getSignatureFromTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  signTransactionMessageWithSigners,
  verifySignature,
  type Address,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { SolanaRpcRequestError, SolanaSignerInputError } from '../../../plugins/solana/errors.js'
import { defineSolanaNetwork, solana, solanaLocalnet, solanaMainnet, type SolanaSigner } from '../../../plugins/solana/index.js'
import { sendTokenWithMemo } from '../../../sandbox/demo/siteTransactions/sendTokenWithMemo.js'
import { devSolanaAccountSecretKey, devSolanaAddress, devSolanaSecondAddress } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { createSolanaDevWallet } from '../../../sandbox/solanaWallet/createSolanaDevWallet.js'
import { registerWalletStandardWallet } from '../../../sandbox/solanaWallet/registerWalletStandardWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { lamportsOf, rpcCall, tokenUnitsOf } from './helpers/readChain.js'
import { registerDevWallet } from './helpers/solanaPage.js'

let rpc: SolanaRpc
let mint: string
let network: ReturnType<typeof defineSolanaNetwork>
let dev: ReturnType<typeof registerDevWallet>
let second: ReturnType<typeof registerDevWallet>
let unregisterSignOnly: () => void
let portico: Portico
let signer: SolanaSigner

const freshAddress = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))
/** The dev wallet's signing requests so far (what "the wallet was asked" means). */
const asked = () => dev.control.activity().filter((a) => a.method.startsWith('solana:sign'))

beforeAll(async () => {
  rpc = await startSolanaRpc()
  ;({ mint } = await fundSolanaDevAccounts(rpc))
  network = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [rpc.rpcUrl] })
  dev = registerDevWallet({ rpcUrl: rpc.rpcUrl })
  // The dev mnemonic's second account, as a second wallet: where the visitor switches to.
  second = registerDevWallet({ rpcUrl: rpc.rpcUrl, secretKey: devSolanaAccountSecretKey(1), name: 'Second Wallet', storageKey: 'second' })
  await rpcCall(rpc.rpcUrl, 'requestAirdrop', [devSolanaSecondAddress, 2_000_000_000])
  // The dev key in a wallet that offers no solana:signAndSendTransaction (only signTransaction).
  const full = createSolanaDevWallet({ secretKey: devSolanaAccountSecretKey(0), rpcUrl: () => rpc.rpcUrl, name: 'Sign-only Wallet', storageKey: 'sign-only' }).wallet
  const signOnly = {
    version: full.version,
    name: full.name,
    icon: full.icon,
    chains: full.chains,
    get accounts() {
      return full.accounts
    },
    features: Object.fromEntries(Object.entries(full.features).filter(([name]) => name !== 'solana:signAndSendTransaction')),
  }
  unregisterSignOnly = registerWalletStandardWallet(signOnly as typeof full, (globalThis as unknown as { window: EventTarget }).window)
  portico = createPorticoKernel({ projectId: 'test', networks: [network, solanaMainnet], plugins: [solana()], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
  await portico.ready()
  await portico.discoverWallets('solana')
  await portico.connect({ connectorId: 'Portico Dev Wallet', namespace: 'solana' })
  signer = await portico.getSigner('solana')
})
afterAll(async () => {
  await portico?.destroy()
  dev?.unregister()
  second?.unregister()
  unregisterSignOnly?.()
  await rpc?.stop()
})

/** An unsigned transfer of SOL from `from`, compiled by kit: the wire bytes a site hands the signer. */
async function solTransfer(from: string, to = freshAddress(), lamports = 1_000_000n): Promise<Uint8Array> {
  const { value: latest } = await createSolanaRpc(rpc.rpcUrl).getLatestBlockhash({ commitment: 'confirmed' }).send()
  const payer = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: address(to), amount: lamports })], m),
  )
  return new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(compileTransaction(message)), 'base64'))
}

async function signatureStatus(signature: string) {
  const answer = await rpcCall<{ value: ({ err: unknown; confirmationStatus: string } | null)[] }>(rpc.rpcUrl, 'getSignatureStatuses', [[signature]])
  return answer.value[0]
}

describe("the solana signer: a site's own transactions", () => {
  it('@solana/kit builds an SPL transfer plus a memo; signed and sent through getSigner, confirmed on LiteSVM, balances read back', async () => {
    const to = freshAddress()
    const before = await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)
    const memo = `Order #${randomBytes(4).toString('hex')}`
    const signature = await sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: 2_500_000n, memo })
    expect((await signatureStatus(signature))?.err).toBeNull()
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(2_500_000n)
    expect(await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)).toBe(before - 2_500_000n)
    // One transaction: the memo program logged the memo, signed by the account.
    const landed = await rpcCall<{ meta: { logMessages: string[]; err: unknown }; transaction: { message: { accountKeys: string[] } } }>(rpc.rpcUrl, 'getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }])
    expect(landed.meta.err).toBeNull()
    expect(landed.meta.logMessages.join('\n')).toContain(['Program log: Signed by:', `Program log: ${devSolanaAddress}`, `Program log: Memo (len ${memo.length})`, `Program log: ${memo}`].join('\n'))
    expect(landed.transaction.message.accountKeys[0]).toBe(devSolanaAddress)
    expect(asked().at(-1)).toEqual({ method: 'solana:signAndSendTransaction', outcome: 'approved' })
  })

  it("kit's signTransactionMessageWithSigners takes the kit signer (a modifying signer): the signature verifies with kit and the chain accepts the transaction", async () => {
    const kitSigner = signer.getKitSigner()
    expect(kitSigner.address).toBe(devSolanaAddress)
    const client = createSolanaRpc(rpc.rpcUrl)
    const { value: latest } = await client.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(kitSigner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: kitSigner, destination: address(devSolanaSecondAddress), amount: 1_000_000n })], m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    expect(signed.lifetimeConstraint).toEqual(latest)
    const bytes = signed.signatures[kitSigner.address]
    expect(bytes).toBeTruthy()
    expect(await verifySignature(await getPublicKeyFromAddress(kitSigner.address), signatureBytes(bytes!), signed.messageBytes)).toBe(true)
    const before = await lamportsOf(rpc.rpcUrl, devSolanaSecondAddress)
    const sent = await client.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
    expect(sent).toBe(getSignatureFromTransaction(signed))
    await expect.poll(() => lamportsOf(rpc.rpcUrl, devSolanaSecondAddress)).toBe(before + 1_000_000n)
    expect(asked().at(-1)).toEqual({ method: 'solana:signTransaction', outcome: 'approved' })
  })
})

describe('the Wallet Standard shapes, over the Wallet Standard wallet the plugin holds', () => {
  it('signTransaction and signAllTransactions (one request to the wallet) return signed transactions whose signatures verify; nothing is sent', async () => {
    const to = freshAddress()
    const [a, b] = [await solTransfer(devSolanaAddress, to), await solTransfer(devSolanaAddress, to, 2_000_000n)]
    const { signedTransaction } = await signer.signTransaction({ transaction: a!, chain: 'solana:localnet' })
    const before = asked().length
    const all = await signer.signAllTransactions([{ transaction: a! }, { transaction: b!, chain: network.caipNetworkId }])
    // The wallet's `solana:signTransaction` with both inputs: one approval.
    expect(asked().slice(before)).toEqual([{ method: 'solana:signTransaction', outcome: 'approved' }])
    const key = await getPublicKeyFromAddress(address(devSolanaAddress))
    for (const bytes of [signedTransaction, ...all.map((o) => o.signedTransaction)]) {
      const decoded = getTransactionDecoder().decode(bytes)
      expect(await verifySignature(key, signatureBytes(decoded.signatures[address(devSolanaAddress)]!), decoded.messageBytes)).toBe(true)
    }
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
  })

  it('signAndSendTransaction returns the signature the chain knows; signMessage returns the message and a signature kit verifies', async () => {
    const to = freshAddress()
    const { signature } = await signer.signAndSendTransaction({ transaction: await solTransfer(devSolanaAddress, to), options: { preflightCommitment: 'processed', maxRetries: 2 } })
    expect(signature).toHaveLength(64)
    await expect.poll(async () => (await signatureStatus(base58.encode(signature)))?.err, { timeout: 10_000 }).toBeNull()
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(1_000_000n)
    const message = new TextEncoder().encode('Sign in to A shop')
    const signed = await signer.signMessage({ message })
    expect(signed.signedMessage).toEqual(message)
    expect(await verifySignature(await getPublicKeyFromAddress(address(devSolanaAddress)), signatureBytes(signed.signature), message)).toBe(true)
  })

  it('a rejection in the wallet is a ProviderRpcError 4001 (isUserRejection) for every member; nothing reaches the chain', async () => {
    const to = freshAddress()
    const transaction = await solTransfer(devSolanaAddress, to)
    dev.control.setMode('reject')
    try {
      const attempts = [
        signer.signTransaction({ transaction }),
        signer.signAllTransactions([{ transaction }, { transaction }]),
        signer.signAndSendTransaction({ transaction }),
        signer.signMessage({ message: Uint8Array.of(1, 2, 3) }),
        sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: 1n, memo: 'no' }),
      ]
      for (const attempt of attempts) {
        const error = await attempt.then(() => undefined, (e: unknown) => e)
        expect(error).toBeInstanceOf(ProviderRpcError)
        expect((error as ProviderRpcError).code).toBe(4001)
        expect((error as ProviderRpcError).isUserRejection).toBe(true)
      }
    } finally {
      dev.control.setMode('approve')
    }
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(0n)
    expect(portico.getState().connections.solana?.status).toBe('connected')
  })

  it('another network is refused with ChainNotSupportedError before the wallet is asked (Wallet Standard and CAIP-2 ids)', async () => {
    const transaction = await solTransfer(devSolanaAddress)
    const before = dev.control.activity().length
    for (const chain of ['solana:mainnet', solanaMainnet.caipNetworkId, 'solana:devnet', 'solana:nowhere'] as const) {
      await expect(signer.signTransaction({ transaction, chain })).rejects.toThrow(ChainNotSupportedError)
      await expect(signer.signAndSendTransaction({ transaction, chain })).rejects.toThrow(ChainNotSupportedError)
      await expect(signer.signAllTransactions([{ transaction }, { transaction, chain }])).rejects.toThrow(ChainNotSupportedError)
    }
    const refused = await signer.signTransaction({ transaction, chain: 'solana:mainnet' }).catch((e: unknown) => e)
    expect((refused as Error).message).toContain(`Connected on: ${network.caipNetworkId}`)
    expect(dev.control.activity().length).toBe(before)
  })

  it("a transaction the chain refuses says why: the node's reason, and nothing moves", async () => {
    const to = freshAddress()
    const held = await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)
    const error = await sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: held + 1n, memo: 'too much' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    // The node's preflight, as a validator words it: the token program's InsufficientFunds (0x1) in instruction 1.
    expect((error as ProviderRpcError).code).toBe(-32002)
    expect((error as Error).message).toContain('Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1')
    expect(await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)).toBe(held)
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(0n)
  })

  it('malformed input gets a SolanaSignerInputError and reaches no wallet', async () => {
    const good = await solTransfer(devSolanaAddress)
    const notOurs = await solTransfer(freshAddress())
    const truncated = good.slice(0, good.length - 3)
    const before = dev.control.activity().length
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ['no input', () => signer.signTransaction(undefined as never), /Input 0 must be \{ transaction, chain\? \}/],
      ['a string', () => signer.signTransaction({ transaction: base58.encode(good) as never }), /must be a Uint8Array/],
      ['a truncated transaction', () => signer.signTransaction({ transaction: truncated }), /is not a Solana transaction: its message ends early/],
      ['garbage', () => signer.signAndSendTransaction({ transaction: randomBytes(300) }), /is not a Solana transaction/],
      ['too large', () => signer.signTransaction({ transaction: new Uint8Array(1233) }), /a Solana transaction is at most 1232/],
      ['not a signer', () => signer.signAndSendTransaction({ transaction: notOurs }), /is not a signer of this transaction/],
      ['a chain that is not a string', () => signer.signTransaction({ transaction: good, chain: 5 as never }), /chain must be/],
      ['bad send options', () => signer.signAndSendTransaction({ transaction: good, options: { preflightCommitment: 'soon' as never } }), /preflightCommitment/],
      ['a negative maxRetries', () => signer.signAndSendTransaction({ transaction: good, options: { maxRetries: -1 } }), /maxRetries must be a whole number/],
      ['no transactions', () => signer.signAllTransactions([]), /Expected 1 to 64 inputs/],
      ['one bad among good', () => signer.signAllTransactions([{ transaction: good }, { transaction: notOurs }]), /is not a signer of this transaction of input 1/],
      ['a message that is text', () => signer.signMessage({ message: 'hello' as never }), /must be a Uint8Array of 1 to 2048 bytes/],
      ['an empty message', () => signer.signMessage({ message: new Uint8Array(0) }), /1 to 2048 bytes/],
      ['a message too long', () => signer.signMessage({ message: new Uint8Array(2049) }), /1 to 2048 bytes/],
      ['not a kit transaction', () => signer.getKitSigner().modifyAndSignTransactions([{ messageBytes: 'x' } as never]), /Expected a kit Transaction/],
    ]
    for (const [name, run, message] of cases) {
      const error = await run().then(() => undefined, (e: unknown) => e)
      expect(error, name).toBeInstanceOf(SolanaSignerInputError)
      expect((error as Error).message, name).toMatch(message)
    }
    expect(dev.control.activity().length).toBe(before)
  })
})

describe('the signer follows the connection', () => {
  it('refuses with NotConnectedError while nothing is connected, before any argument is read; follows the account the visitor moves to', async () => {
    const kitSigner = signer.getKitSigner()
    await portico.disconnect('solana')
    try {
      const before = dev.control.activity().length
      for (const run of [() => signer.getAddress() as unknown, () => signer.getKitSigner(), () => signer.signTransaction(undefined as never), () => signer.signMessage({ message: new Uint8Array(1) }), () => signer.signAllTransactions('nonsense' as never)]) {
        const error = await Promise.resolve().then(run).then(() => undefined, (e: unknown) => e)
        expect(error).toBeInstanceOf(NotConnectedError)
      }
      await expect(kitSigner.signAndSendTransactions([])).rejects.toThrow(NotConnectedError)
      expect(dev.control.activity().length).toBe(before)

      // The visitor connects with another wallet: the same signer now signs as that account.
      await portico.connect({ connectorId: 'Second Wallet', namespace: 'solana' })
      expect(signer.getAddress()).toBe(devSolanaSecondAddress)
      const stale = await kitSigner.modifyAndSignTransactions([]).catch((e: unknown) => e)
      expect(stale).toBeInstanceOf(SolanaSignerInputError)
      expect((stale as Error).message).toContain(`This kit signer is for ${devSolanaAddress}; the connected account is now ${devSolanaSecondAddress}`)
      const to = freshAddress()
      const { signature } = await signer.signAndSendTransaction({ transaction: await solTransfer(devSolanaSecondAddress, to) })
      await expect.poll(() => lamportsOf(rpc.rpcUrl, to), { timeout: 10_000 }).toBe(1_000_000n)
      expect(second.control.activity().filter((a) => a.method === 'solana:signAndSendTransaction')).toEqual([{ method: 'solana:signAndSendTransaction', outcome: 'approved' }])
      expect(base58.encode(signature)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      // The first wallet's key would not do: the transaction names the second account.
      await expect(signer.signTransaction({ transaction: await solTransfer(devSolanaAddress) })).rejects.toThrow(SolanaSignerInputError)
    } finally {
      await portico.disconnect('solana').catch(() => undefined)
      await portico.connect({ connectorId: 'Portico Dev Wallet', namespace: 'solana' })
    }
    expect(signer.getAddress()).toBe(devSolanaAddress)
  })

  it('a wallet without solana:signAndSendTransaction signs, and the plugin sends with the node; the node\'s refusal says why', async () => {
    await portico.disconnect('solana')
    try {
      await portico.connect({ connectorId: 'Sign-only Wallet', namespace: 'solana' })
      const to = freshAddress()
      const signature = await sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: 400_000n, memo: 'sent by the node' })
      expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(400_000n)
      expect((await signatureStatus(signature))?.err).toBeNull()
      const held = await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)
      const refused = await sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: held + 1n, memo: 'too much' }).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(SolanaRpcRequestError)
      expect((refused as SolanaRpcRequestError).code).toBe(-32002)
      expect((refused as Error).message).toContain('Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1')
      expect(await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)).toBe(held)
    } finally {
      await portico.disconnect('solana').catch(() => undefined)
      await portico.connect({ connectorId: 'Portico Dev Wallet', namespace: 'solana' })
    }
  })

  it('is the same object for the instance, and pins its members', async () => {
    expect(await portico.getSigner('solana')).toBe(signer)
    expect(Object.keys(signer).sort()).toEqual(['getAddress', 'getKitSigner', 'namespace', 'signAllTransactions', 'signAndSendTransaction', 'signMessage', 'signTransaction'])
    expect(signer.namespace).toBe('solana')
  })
})

describe('the docs page shows the example the tests run', () => {
  it('docs/plugins/solana.md "Sign your own transactions" holds sendTokenWithMemo.ts from begin to end example', () => {
    const source = readFileSync(new URL('../../../sandbox/demo/siteTransactions/sendTokenWithMemo.ts', import.meta.url), 'utf8')
    const example = /\/\/ begin example\n([\s\S]*?)\/\/ end example\n/.exec(source)?.[1]
    expect(example).toBeTruthy()
    const page = readFileSync(new URL('../../../docs/plugins/solana.md', import.meta.url), 'utf8')
    const section = page.slice(page.indexOf('## Sign your own transactions'))
    expect(section.startsWith('## Sign your own transactions')).toBe(true)
    const shown = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
    expect(shown).toBe(example)
  })
})
