import '../../helpers/walletConnectLoaded.js'
import '../../helpers/solanaLoaded.js'
// The solana signer over WalletConnect (issue 47): the real relay and a real sign-client wallet
// answering the solana namespace with the /wallet page's own code (the dev Solana key), against
// LiteSVM. The kit transaction of docs/plugins/solana.md reaches the chain through the session;
// solana_signAllTransactions is one request; a refusal keeps its 4001; the wallet's junk is refused.
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { address, appendTransactionMessageInstructions, compileTransaction, createNoopSigner, createSolanaRpc, createTransactionMessage, getBase64EncodedWireTransaction, getPublicKeyFromAddress, getTransactionDecoder, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signatureBytes, verifySignature } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, createPorticoKernel, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { defineSolanaNetwork, solana, solanaLocalnet, type SolanaSigner } from '../../../plugins/solana/index.js'
import { walletConnect, type WalletConnectStore } from '../../../plugins/walletconnect/index.js'
import { sendTokenWithMemo } from '../../../sandbox/demo/siteTransactions/sendTokenWithMemo.js'
import { devSolanaAddress, devSolanaSecretKey } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { answerSolanaRequest, solanaWalletConnectMethods } from '../../../sandbox/walletPage/answerSolanaRequest.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startRelayServer, type RelayServer } from '../../server/relay/helpers/startRelayServer.js'
import { memoryKeyValueStorage } from '../walletconnect/helpers/memoryKeyValueStorage.js'
import { startTestWallet, type TestWallet } from '../walletconnect/helpers/startTestWallet.js'
import { waitFor } from '../walletconnect/helpers/waitFor.js'
import { lamportsOf, tokenUnitsOf } from './helpers/readChain.js'

let dir: string
let relay: RelayServer
let rpc: SolanaRpc
let mint: string
let wallet: TestWallet
let portico: Portico
let signer: SolanaSigner
let network: ReturnType<typeof defineSolanaNetwork>
const chain = solanaLocalnet.caipNetworkId
const freshAddress = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-solana-wc-'))
  ;[relay, rpc] = await Promise.all([startRelayServer({ dbPath: join(dir, 'relay.db') }), startSolanaRpc()])
  ;({ mint } = await fundSolanaDevAccounts(rpc))
  wallet = await startTestWallet({ relayUrl: relay.url, account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'), rpcUrls: {} })
  wallet.onProposal = wallet.approveWith({ solana: { chains: [chain], methods: [...solanaWalletConnectMethods], events: [], accounts: [`${chain}:${devSolanaAddress}`] } })
  // The /wallet page's own answering code.
  wallet.respondWith = async (request) => {
    const { method, params } = request.params.request
    try {
      return { result: await answerSolanaRequest({ method, params, secretKey: devSolanaSecretKey(), rpcUrl: rpc.rpcUrl }) }
    } catch (error) {
      return { error: { code: (error as { code?: number }).code ?? -32603, message: (error as Error).message } }
    }
  }
  network = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [rpc.rpcUrl] })
  portico = createPorticoKernel({
    projectId: 'portico-test',
    networks: [network],
    plugins: [solana(), walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: `portico-test-solana-signer-${process.pid}` })],
    storage: memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  const store = portico.getStore<WalletConnectStore>('walletconnect') as WalletConnectStore
  const connecting = portico.connect({ namespace: 'solana', connectorId: 'walletConnect' })
  connecting.catch(() => undefined)
  await wallet.pair(await waitFor(() => store.uri, 'a pairing URI'))
  await connecting
  signer = await portico.getSigner('solana')
}, 60_000)

afterAll(async () => {
  await portico?.destroy()
  await wallet?.stop()
  await Promise.all([relay?.stop(), rpc?.stop()])
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function solTransfer(to: string): Promise<Uint8Array> {
  const { value: latest } = await createSolanaRpc(rpc.rpcUrl).getLatestBlockhash({ commitment: 'confirmed' }).send()
  const payer = createNoopSigner(address(devSolanaAddress))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: address(to), amount: 1_000_000n })], m),
  )
  return new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(compileTransaction(message)), 'base64'))
}

describe('the solana signer over WalletConnect', () => {
  it('proposes the four solana methods; the kit SPL transfer with a memo goes through the session and lands on LiteSVM', async () => {
    expect(wallet.proposals.at(-1)?.params.optionalNamespaces?.solana?.methods).toEqual(['solana_signTransaction', 'solana_signMessage', 'solana_signAndSendTransaction', 'solana_signAllTransactions'])
    expect(signer.getAddress()).toBe(devSolanaAddress)
    const to = freshAddress()
    const signature = await sendTokenWithMemo({ signer, rpcUrl: rpc.rpcUrl, mint, to, amount: 750_000n, memo: 'over WalletConnect' })
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(750_000n)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'solana_signAndSendTransaction', chainId: chain, params: { sendOptions: { preflightCommitment: 'confirmed' } } })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  })

  it('signAllTransactions is one solana_signAllTransactions request; signMessage is verified; nothing is sent', async () => {
    const to = freshAddress()
    const before = wallet.requests.length
    const signed = await signer.signAllTransactions([{ transaction: await solTransfer(to) }, { transaction: await solTransfer(to), chain: 'solana:localnet' }])
    expect(wallet.requests.slice(before).map((r) => r.method)).toEqual(['solana_signAllTransactions'])
    const key = await getPublicKeyFromAddress(address(devSolanaAddress))
    for (const { signedTransaction } of signed) {
      const decoded = getTransactionDecoder().decode(signedTransaction)
      expect(await verifySignature(key, signatureBytes(decoded.signatures[address(devSolanaAddress)]!), decoded.messageBytes)).toBe(true)
    }
    const message = new TextEncoder().encode('gm over WalletConnect')
    const { signature, signedMessage } = await signer.signMessage({ message })
    expect(signedMessage).toEqual(message)
    expect(ed25519.verify(signature, message, base58.decode(devSolanaAddress))).toBe(true)
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(0n)
  })

  it('a wallet that does not carry solana_signAllTransactions (4200, as a Ledger and the embedded wallet answer) is asked for each transaction in turn', async () => {
    const answer = wallet.respondWith!
    wallet.respondWith = async (request) => (request.params.request.method === 'solana_signAllTransactions' ? { error: { code: 4200, message: 'Unsupported method' } } : answer(request))
    try {
      const to = freshAddress()
      const before = wallet.requests.length
      const signed = await signer.signAllTransactions([{ transaction: await solTransfer(to) }, { transaction: await solTransfer(to) }])
      expect(wallet.requests.slice(before).map((r) => r.method)).toEqual(['solana_signAllTransactions', 'solana_signTransaction', 'solana_signTransaction'])
      expect(signed).toHaveLength(2)
      for (const { signedTransaction } of signed) {
        const decoded = getTransactionDecoder().decode(signedTransaction)
        expect(ed25519.verify(decoded.signatures[address(devSolanaAddress)]!, new Uint8Array(decoded.messageBytes), base58.decode(devSolanaAddress))).toBe(true)
      }
    } finally {
      wallet.respondWith = answer
    }
  })

  it("the wallet's refusal is a 4001; another network is refused before the session is asked; a wallet's junk answer is refused", async () => {
    const transaction = await solTransfer(freshAddress())
    const answer = wallet.respondWith
    wallet.respondWith = async () => ({ error: { code: 5000, message: 'User rejected.' } })
    const refused = await signer.signTransaction({ transaction }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ProviderRpcError)
    expect((refused as ProviderRpcError).isUserRejection).toBe(true)
    // A signature of another key where the account's should be.
    wallet.respondWith = async () => ({ result: { signature: base58.encode(ed25519.sign(new Uint8Array(8), ed25519.utils.randomPrivateKey())) } })
    await expect(signer.signTransaction({ transaction })).rejects.toThrow(`The wallet returned a transaction without a valid signature of ${devSolanaAddress}`)
    wallet.respondWith = answer
    const before = wallet.requests.length
    await expect(signer.signAndSendTransaction({ transaction, chain: 'solana:mainnet' })).rejects.toThrow(ChainNotSupportedError)
    expect(wallet.requests.length).toBe(before)
    expect(portico.getState().connections.solana?.status).toBe('connected')
  })
})
