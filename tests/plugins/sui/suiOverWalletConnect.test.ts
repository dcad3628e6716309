import '../../helpers/walletConnectLoaded.js'
import '../../helpers/suiLoaded.js'
// portico/sui over WalletConnect: the real relay and a real sign-client wallet holding the Sui dev
// key, against the sandbox's Sui ledger. The plugin encodes the sui namespace's requests; the
// walletconnect plugin stays namespace-agnostic.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { SuiClient } from '@mysten/sui/client'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { fromBase64 } from '@mysten/sui/utils'
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify'
import { getSdkError } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ChainNotSupportedError, createPorticoKernel, ProviderRpcError } from '../../../kernel/kernel.js'
import { SuiTransactionFailedError } from '../../../plugins/sui/errors.js'
import { defineSuiNetwork, sui } from '../../../plugins/sui/index.js'
import { walletConnect, type WalletConnectStore } from '../../../plugins/walletconnect/index.js'
import { devSuiAddress, devSuiKeypair } from '../../../sandbox/sui/devSui.js'
import { startSuiRpc, type SuiRpc } from '../../../sandbox/sui/startSuiRpc.js'
import { suiCoinType } from '../../../sandbox/sui/suiSandboxChain.js'
import { answerSuiRequest, type SuiRequestError } from '../../../sandbox/walletPage/answerSuiRequest.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startRelayServer, type RelayServer } from '../../server/relay/helpers/startRelayServer.js'
import { memoryKeyValueStorage } from '../walletconnect/helpers/memoryKeyValueStorage.js'
import { startTestWallet, type TestWallet } from '../walletconnect/helpers/startTestWallet.js'
import { waitFor } from '../walletconnect/helpers/waitFor.js'

const methods = ['sui_signTransaction', 'sui_signAndExecuteTransaction', 'sui_signPersonalMessage']
let dir: string
let relay: RelayServer
let rpc: SuiRpc
let wallet: TestWallet

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-sui-wc-'))
  ;[relay, rpc] = await Promise.all([startRelayServer({ dbPath: join(dir, 'relay.db') }), startSuiRpc()])
  rpc.ledger.mint(devSuiAddress, suiCoinType, 10_000_000_000n)
  const client = new SuiClient({ url: rpc.rpcUrl })
  wallet = await startTestWallet({ relayUrl: relay.url, account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'), rpcUrls: {} })
  wallet.onProposal = wallet.approveWith({ sui: { chains: ['sui:localnet'], methods, events: ['accountsChanged', 'chainChanged'], accounts: [`sui:localnet:${devSuiAddress}`] } })
  // The /wallet page's own answering code (what a Sui wallet does with the namespace's methods).
  wallet.respondWith = async (request) => {
    const { method, params } = request.params.request
    try {
      return { result: await answerSuiRequest({ method, params, keypair: devSuiKeypair(), client }) }
    } catch (error) {
      return { error: { code: (error as SuiRequestError).code ?? -32603, message: (error as Error).message } }
    }
  }
})

afterAll(async () => {
  await wallet?.stop()
  await Promise.all([relay?.stop(), rpc?.stop()])
  rmSync(dir, { recursive: true, force: true })
})

/**
 * Awaits one step of the pairing, and when it takes longer than `ms` fails naming the step and what
 * both sides showed then (a CI run once hung here for the whole 60 s with nothing to go on).
 */
async function step<T>(what: string, promise: Promise<T>, state: () => unknown, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}. State: ${JSON.stringify(state())}`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/** A SUI transfer to `to` as TransactionData JSON, gas left to the wallet. */
async function signedTransferJson(to: string): Promise<string> {
  const { Transaction } = await import('@mysten/sui/transactions')
  const tx = new Transaction()
  tx.setSender(devSuiAddress)
  tx.transferObjects([tx.splitCoins(tx.gas, [1_000n])[0]!], to)
  return tx.toJSON()
}

/** A kernel with the sui and walletconnect plugins, connected over the relay to the test wallet. */
async function connectOverRelay() {
  const network = defineSuiNetwork({ reference: 'localnet', name: 'Portico Sui Localnet', rpcUrls: [rpc.rpcUrl] })
  const portico = createPorticoKernel({
    projectId: 'portico-test',
    networks: [network],
    plugins: [sui(), walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: `portico-test-sui-signer-${process.pid}` })],
    storage: memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  const store = portico.getStore<WalletConnectStore>('walletconnect') as WalletConnectStore
  const connecting = portico.connect({ namespace: 'sui', connectorId: 'walletConnect' })
  connecting.catch(() => undefined)
  const state = () => ({ uri: store.uri?.slice(0, 24), proposals: wallet.proposals.length, walletFailures: wallet.failures, connection: portico.getState().connections.sui?.status })
  const uri = await waitFor(() => store.uri, 'a pairing URI')
  await step('the wallet pairs with the URI', wallet.pair(uri), state)
  await step('the session settles on both sides', connecting, state)
  return portico
}

describe('portico/sui over WalletConnect', () => {
  it('proposes the sui namespace, signs a personal message and sends SUI (fee estimated first) through the real relay', async () => {
    const network = defineSuiNetwork({ reference: 'localnet', name: 'Portico Sui Localnet', rpcUrls: [rpc.rpcUrl] })
    const portico = createPorticoKernel({
      projectId: 'portico-test',
      networks: [network],
      plugins: [sui(), walletConnect({ relayUrl: relay.url }, { storage: memoryKeyValueStorage(), storagePrefix: `portico-test-sui-${process.pid}` })],
      storage: memoryStorage(),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    try {
      const store = portico.getStore<WalletConnectStore>('walletconnect') as WalletConnectStore
      const connecting = portico.connect({ namespace: 'sui', connectorId: 'walletConnect' })
      // Seen by `step` below; when a step times out, destroy() ends the connect and that is no second failure.
      connecting.catch(() => undefined)
      const started = Date.now()
      const state = () => ({
        ms: Date.now() - started,
        uri: store.uri?.slice(0, 24),
        proposals: wallet.proposals.length,
        sessions: wallet.client.session.getAll().length,
        walletFailures: wallet.failures,
        walletRelay: wallet.client.core.relayer.connected,
        connection: portico.getState().connections.sui?.status,
        relayClients: relay.relay.clientCount(),
      })
      const uri = await waitFor(() => store.uri, 'a pairing URI')
      await step('the wallet pairs with the URI', wallet.pair(uri), state)
      await step('the session settles on both sides', connecting, state)
      expect(wallet.proposals.at(-1)?.params.optionalNamespaces).toEqual({ sui: { chains: ['sui:localnet'], methods, events: ['accountsChanged', 'chainChanged'] } })
      expect(portico.getState().connections.sui).toMatchObject({ status: 'connected', address: devSuiAddress, caipAddress: `sui:localnet:${devSuiAddress}` })

      const signature = await portico.signMessage({ namespace: 'sui', message: 'gm from Sui' })
      expect((await verifyPersonalMessageSignature(new TextEncoder().encode('gm from Sui'), signature)).toSuiAddress()).toBe(devSuiAddress)

      const receiver = new Ed25519Keypair().toSuiAddress()
      const estimate = await portico.estimateSendFee({ to: receiver, amount: '0.5' })
      expect(estimate).toEqual({ fee: expect.stringMatching(/^0\.\d+$/), symbol: 'SUI' })
      const digest = await portico.send({ to: receiver, amount: '0.5' })
      expect(rpc.ledger.transaction(digest)?.effects.status).toEqual({ status: 'success' })
      expect(rpc.ledger.coins(receiver).map((c) => c.balance)).toEqual([500_000_000n])
      expect(wallet.requests.slice(-2).map((r) => [r.method, r.chainId])).toEqual([
        ['sui_signPersonalMessage', 'sui:localnet'],
        ['sui_signAndExecuteTransaction', 'sui:localnet'],
      ])

      // sui_signTransaction answers the signed bytes; another account is refused by the wallet.
      const signed = (await portico.request({ namespace: 'sui', chainId: 'sui:localnet', method: 'sui_signTransaction', params: { transaction: await signedTransferJson(receiver), address: devSuiAddress } })) as { signature: string; transactionBytes: string }
      expect(signed).toEqual({ signature: expect.stringMatching(/^[A-Za-z0-9+/=]{100,}$/), transactionBytes: expect.stringMatching(/^[A-Za-z0-9+/=]+$/) })
      await expect(portico.request({ namespace: 'sui', chainId: 'sui:localnet', method: 'sui_signPersonalMessage', params: { message: 'x', address: receiver } })).rejects.toMatchObject({ code: 4100 })

      // A wallet answering with junk gets the plugin's clear error, and the connection stands.
      const answer = wallet.respondWith
      wallet.respondWith = async () => ({ result: { signature: 'not a signature' } })
      await expect(portico.signMessage({ namespace: 'sui', message: 'x' })).rejects.toThrow('The wallet returned an invalid signature')
      wallet.respondWith = answer
      expect(portico.getState().connections.sui?.status).toBe('connected')
    } finally {
      await portico.destroy()
    }
  })

  it("signs the site's own transaction through portico.getSigner('sui') over the session: split coins and two transfers, executed by the ledger", async () => {
    const portico = await connectOverRelay()
    try {
      const signer = await portico.getSigner('sui')
      expect(signer.toSuiAddress()).toBe(devSuiAddress)
      const [alice, bob] = [new Ed25519Keypair().toSuiAddress(), new Ed25519Keypair().toSuiAddress()]
      const transaction = new Transaction()
      const [first, second] = transaction.splitCoins(transaction.gas, [70_000_000n, 30_000_000n])
      transaction.transferObjects([first!], alice)
      transaction.transferObjects([second!], bob)
      const result = await signer.signAndExecuteTransaction({ transaction })
      // The wallet answered the digest alone (Reown's Sui RPC reference): the rest was read back from the node.
      expect(rpc.ledger.transaction(result.digest)?.effects.status).toEqual({ status: 'success' })
      expect([alice, bob].map((owner) => rpc.ledger.coins(owner).map((c) => c.balance))).toEqual([[70_000_000n], [30_000_000n]])
      expect((await verifyTransactionSignature(fromBase64(result.bytes), result.signature)).toSuiAddress()).toBe(devSuiAddress)
      expect(result.effects).toMatch(/^[A-Za-z0-9+/]+=*$/)
      const asked = wallet.requests.at(-1)!
      expect([asked.method, asked.chainId]).toEqual(['sui_signAndExecuteTransaction', 'sui:localnet'])
      // TransactionData JSON (what Mysten's WalletConnect wallet sends), the sender set, the gas left to the wallet.
      const { transaction: json, address } = asked.params as { transaction: string; address: string }
      expect(address).toBe(devSuiAddress)
      expect(JSON.parse(json)).toMatchObject({ version: 2, sender: devSuiAddress, gasData: { budget: null, payment: null }, })
      expect((JSON.parse(json) as { commands: object[] }).commands.map((c) => Object.keys(c)[0])).toEqual(['SplitCoins', 'TransferObjects', 'TransferObjects'])

      const again = new Transaction()
      again.transferObjects([again.splitCoins(again.gas, [1n])[0]!], alice)
      const signed = await signer.signTransaction({ transaction: again })
      expect((await verifyTransactionSignature(fromBase64(signed.bytes), signed.signature)).toSuiAddress()).toBe(devSuiAddress)
      const message = new TextEncoder().encode('gm over the relay')
      expect((await verifyPersonalMessageSignature(message, (await signer.signPersonalMessage({ message })).signature)).toSuiAddress()).toBe(devSuiAddress)

      // Another network is refused before anything crosses the relay.
      const sent = wallet.requests.length
      await expect(signer.signAndExecuteTransaction({ transaction, chain: 'sui:testnet' })).rejects.toBeInstanceOf(ChainNotSupportedError)
      expect(wallet.requests.length).toBe(sent)

      // The /wallet page's Reject answers WalletConnect's USER_REJECTED: the visitor said no.
      const answer = wallet.respondWith
      wallet.respondWith = async () => ({ error: getSdkError('USER_REJECTED') })
      const refused = await signer.signTransaction({ transaction }).catch((e: unknown) => e)
      wallet.respondWith = answer
      expect(refused).toBeInstanceOf(ProviderRpcError)
      expect((refused as ProviderRpcError).isUserRejection).toBe(true)

      // Run and failed on chain: the wallet executes (its budget given) and answers a digest; the signer says why.
      const tooMuch = new Transaction()
      tooMuch.transferObjects([tooMuch.splitCoins(tooMuch.gas, [1_000_000_000_000n])[0]!], alice)
      tooMuch.setGasBudget(10_000_000)
      const failed = await signer.signAndExecuteTransaction({ transaction: tooMuch }).catch((e: unknown) => e)
      expect(failed).toBeInstanceOf(SuiTransactionFailedError)
      expect(failed).toMatchObject({ details: 'InsufficientCoinBalance in command 0' })
      expect(rpc.ledger.transaction((failed as SuiTransactionFailedError).digest)?.effects.status).toEqual({ status: 'failure', error: 'InsufficientCoinBalance in command 0' })
      expect(portico.getState().connections.sui?.status).toBe('connected')
    } finally {
      await portico.destroy()
    }
  })
})
