// The solana signer's requests as the Ledger connection carries them (issue 47): the Ledger plugin's
// solana channel on the emulated Nano S Plus (real Ledger libraries, real ed25519 keys), against
// LiteSVM. The signer is given a context whose requests go to that channel, as the kernel's
// `portico.request` does for a Ledger connection (tests/kernel/getSigner.test.ts proves the kernel's
// half): the kit transaction lands paid by the Ledger account, a message comes back as the off-chain
// message the device signed, several transactions are asked one by one (the channel has no
// solana_signAllTransactions), and the device's refusal is a 4001.
import { ed25519 } from '@noble/curves/ed25519.js'
import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { address, appendTransactionMessageInstructions, compileTransaction, createNoopSigner, createSolanaRpc, createTransactionMessage, getBase64EncodedWireTransaction, getTransactionDecoder, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, ProviderRpcError, type CaipNetworkId, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import { createSolanaChannel } from '../../../plugins/ledger/solana/createSolanaChannel.js'
import type { LedgerDevice } from '../../../plugins/ledger/transport/LedgerDevice.js'
import { loadLedgerDevice } from '../../../plugins/ledger/transport/loadLedgerDevice.js'
import { defineSolanaNetwork, solanaLocalnet } from '../../../plugins/solana/index.js'
import { createSolanaSigner } from '../../../plugins/solana/signer/createSolanaSigner.js'
import { offchainMessage } from '../../../plugins/solana/utils/offchainMessage.js'
import { sendTokenWithMemo } from '../../../sandbox/demo/siteTransactions/sendTokenWithMemo.js'
import { createLedgerDevice, type LedgerDevice as EmulatedLedger } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { ledgerDeviceAddresses } from '../../../sandbox/ledgerDevice/ledgerDeviceAccounts.js'
import { devSolanaSigner } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { lamportsOf, rpcCall, tokenUnitsOf } from './helpers/readChain.js'

const solPath = "m/44'/501'/0'"
const account = ledgerDeviceAddresses.solana[0]!
let rpc: SolanaRpc
let mint: string
let network: ReturnType<typeof defineSolanaNetwork>
let emulated: EmulatedLedger
let device: LedgerDevice

beforeAll(async () => {
  rpc = await startSolanaRpc()
  ;({ mint } = await fundSolanaDevAccounts(rpc))
  network = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [rpc.rpcUrl] })
  await rpcCall(rpc.rpcUrl, 'requestAirdrop', [account, 2_000_000_000])
})
afterAll(async () => {
  await rpc?.stop()
})
beforeEach(async () => {
  emulated = createLedgerDevice()
  emulated.openApp('Solana')
  Object.defineProperty(globalThis, 'navigator', { value: { hid: createLedgerHid(emulated) }, configurable: true, writable: true })
  device = await loadLedgerDevice({ transport: 'auto' })
  await device.open({ prompt: true })
})
afterEach(async () => {
  await device.close()
})

/** The Ledger connection's context: its account and network, its requests to the Ledger channel. */
function ledgerContext(): SignerContext {
  const channel = createSolanaChannel({ device, path: solPath, address: account, networks: () => [network] })
  const connection = (): SignerConnection => ({ address: account, accounts: [{ address: account, type: 'eoa' }], network, caipNetworkId: network.caipNetworkId as CaipNetworkId, connectorId: 'ledger' })
  return {
    namespace: 'solana',
    connection,
    requireNetwork(asked) {
      if (asked !== network.caipNetworkId) throw new ChainNotSupportedError({ caipNetworkId: asked })
      return connection()
    },
    request: (method, params, caipNetworkId) => channel.request({ method, params, chainId: caipNetworkId ?? (network.caipNetworkId as CaipNetworkId) }),
  }
}

async function solTransfer(to: string): Promise<Uint8Array> {
  const { value: latest } = await createSolanaRpc(rpc.rpcUrl).getLatestBlockhash({ commitment: 'confirmed' }).send()
  const payer = createNoopSigner(address(account))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: address(to), amount: 1_000_000n })], m),
  )
  return new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(compileTransaction(message)), 'base64'))
}

const freshAddress = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))

/** pUSD for `owner` from the dev key: a kit transfer signed in Node. */
async function fundPusd(owner: string, units: bigint): Promise<void> {
  const client = createSolanaRpc(rpc.rpcUrl)
  const dev = await devSolanaSigner()
  const [source] = await findAssociatedTokenPda({ owner: dev.address, mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value: latest } = await client.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(dev, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({ payer: dev, ata: destination, owner: address(owner), mint: address(mint) }),
            getTransferCheckedInstruction({ source, mint: address(mint), destination, authority: dev, amount: units, decimals: 6 }),
          ],
          m,
        ),
    ),
  )
  await client.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
}

describe('the solana signer over the Ledger channel (emulated device)', () => {
  it("the kit SPL transfer with a memo is signed on the device and lands, paid by the Ledger's account", async () => {
    await fundPusd(account, 5_000_000n)
    await expect.poll(() => tokenUnitsOf(rpc.rpcUrl, account, mint)).toBe(5_000_000n)

    const signer = createSolanaSigner(ledgerContext())
    const to = freshAddress()
    const signature = await sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: 1_500_000n, memo: 'signed on a Ledger' })
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(1_500_000n)
    expect(await tokenUnitsOf(rpc.rpcUrl, account, mint)).toBe(3_500_000n)
    const landed = await rpcCall<{ transaction: { message: { accountKeys: string[] } } }>(rpc.rpcUrl, 'getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }])
    expect(landed.transaction.message.accountKeys[0]).toBe(account)
    expect(emulated.activity().at(-1)).toMatchObject({ app: 'Solana', outcome: 'approved' })
  })

  it('signMessage returns the off-chain message the device signed; signAllTransactions asks for each transaction in turn; nothing is sent', async () => {
    const signer = createSolanaSigner(ledgerContext())
    const message = new TextEncoder().encode('Hello from a site')
    const { signedMessage, signature } = await signer.signMessage({ message })
    expect(signedMessage).toEqual(offchainMessage(message))
    expect(ed25519.verify(signature, signedMessage, base58.decode(account))).toBe(true)
    const before = emulated.activity().length
    const to = freshAddress()
    const signed = await signer.signAllTransactions([{ transaction: await solTransfer(to) }, { transaction: await solTransfer(to) }])
    expect(emulated.activity().length - before).toBe(2)
    for (const { signedTransaction } of signed) {
      const decoded = getTransactionDecoder().decode(signedTransaction)
      expect(ed25519.verify(decoded.signatures[address(account)]!, new Uint8Array(decoded.messageBytes), base58.decode(account))).toBe(true)
    }
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
  })

  it('a refusal on the device is a 4001 and nothing is sent', async () => {
    const signer = createSolanaSigner(ledgerContext())
    emulated.setMode('reject')
    const to = freshAddress()
    const error = await signer.signAndSendTransaction({ transaction: await solTransfer(to) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).isUserRejection).toBe(true)
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
  })
})
