// The chain e2e kit's table: one row per chain the demo site runs. A row names the chain as the
// visitor sees it (network, wallet, symbol), what its dev wallet logs, and where its truth is read:
// `open()` returns the node's balance reader, a fresh receiver and the ecosystem library's signature
// verification. The shared flows are in chainE2e.ts; a new chain's e2e is a row here and a file
// `tests/e2e/<chain>/sandbox.test.ts` that calls `chainE2e(rows.<chain>)` (docs/testing.md).
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import { ed25519 } from '@noble/curves/ed25519.js'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { base58, bech32 } from '@scure/base'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import * as bitcoin from 'bitcoinjs-lib'
import { createPublicClient, erc20Abi, http, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { devStacksPublicKeyHex } from '../../../sandbox/stacks/devStacks.js'
import { startSandboxPolkadot } from '../../helpers/startOnDemand.js'
import type { TestSandbox } from '../../helpers/startSandbox.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'
import type { ChainKit } from './chainE2e.js'

export type Activity = { method: string; outcome: string; memo?: string }
export type SandboxChain = { caipNetworkId: string; nodeUrl: string; rpcUrl: string; accounts: string[]; tokens: { address: string; symbol: string; decimals: number }[] }

/** A chain's sources of truth, opened once per file. */
export type ChainTruth = {
  devAddress: string
  /** Base units of `symbol` (default: the native coin) held by `address`, read from the chain's node. */
  balance(address: string, symbol?: string): Promise<bigint>
  /** An address nobody funded. */
  fresh(): string
  /** Whether `signature` of `message` is `address`'s, by the ecosystem's own library (not the plugin's). */
  verify(message: string, signature: string, address: string): Promise<boolean>
  close?(): Promise<void>
}

export type ChainRow = {
  namespace: string
  /** The chain as a title: "Solana". */
  name: string
  /** The start of its CAIP-2 id in sandbox.json. */
  caip2: string
  /** Its network's name in the modal and the header. */
  network: string
  /** Its dev wallet's name in Connect Wallet. */
  wallet: string
  /** Its dev wallet's panel on the demo page (an ARIA region). */
  panel: string
  /** The window global whose `activity()` is the dev wallet's log. */
  activityGlobal: string
  symbol: string
  decimals: number
  /** The tokens the Account view lists (the native coin first), with the name its row shows. */
  tokens: { symbol: string; name: string; decimals: number }[]
  /**
   * The sends through the modal, in order; the first is in the native coin. `fast`: the review offers
   * Slow / Normal / Fast (Normal checked first), the send goes at Fast (`label` reads its fee in base
   * units), and `paid` checks on the chain that this fee was paid.
   */
  sends: { symbol: string; amount: string; fast?: { label: RegExp; paid(receiver: string, fee: number, kit: ChainKit): Promise<void> } }[]
  /** The dev wallet's log entries for a connect, a send, and a sign-in signature. */
  connectMethod: string
  sendMethod: string
  signInMethod: string
  /** The chain's word in a sign-in message: "wants you to sign in with your <word> account". */
  signInWord: string
  /** The library the signatures are verified with, for the test names. */
  verifier: string
  /** The explorer path of a transaction after `/sandbox/explorer/`, as a pattern. */
  explorerTx?: string
  /**
   * A finding, not a rule: the header still showed the balance from before a send 20 s after it
   * confirmed (Stacks and Polkadot, 2026-11-29, issue 49's kit). Remove once the header refreshes.
   */
  headerKeepsBalanceAfterSend?: boolean
  /** Activity shows a send's amount with its gas (Sui's balance change). */
  activityWithGas?: boolean
  shortAddress(address: string): string
  /** The other namespaces the modal holds beside this one in the kit's flow, and what the header shows there. */
  besides: { network: string; header: RegExp; says?: string; list?: boolean }[]
  /** What the dev wallet's log says after a reload restored the connection (it starts empty on each load). */
  restored(log: Activity[]): void
  /** What left the dev account for one send (the amount when native, and the fee), against the review's fee. */
  checkSpent?(sent: { spent: bigint; fee: bigint; amount: bigint; receiver: string; kit: ChainKit }): Promise<void> | void
  /**
   * Over WalletConnect with the sandbox's /wallet page: the method the proposal names, the message's
   * request there (its method, what it shows: the message by default; the signature's form) and a send
   * approved there (what the review and the request show; the receiver gets `units`).
   */
  walletPage?: {
    proposes: string
    sign: { method: string; shows?(devAddress: string): string; format: RegExp }
    send?: { symbol: string; amount: string; units: bigint; method: string; review?: RegExp; shows(receiver: string): string[] }
  }
  /** Started before the page opens (an on-demand node). */
  prepare?(sandbox: TestSandbox): Promise<void>
  open(chain: SandboxChain, sandbox: TestSandbox): Promise<ChainTruth>
}

const first6last4 = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const first4last4 = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`
const devnetA = { network: 'Portico Devnet A', header: /0xf39F…2266/ }
const solanaLocalnet = { network: 'Portico Solana Localnet', header: /oeYf…kq96.*\d[\d,]*\.\d{3} SOL|\d[\d,]*\.\d{3} SOL.*oeYf…kq96/ }

/** The amount and a fee, no more than the review showed, left the dev account. */
const amountAndAtMostTheFee: ChainRow['checkSpent'] = ({ spent, fee, amount }) => {
  expect(spent).toBeGreaterThan(amount)
  expect(spent).toBeLessThanOrEqual(amount + fee)
}
/** `check`'s answer, or false when the library throws on a malformed signature. */
export const never = async (check: () => Promise<boolean> | boolean) => {
  try {
    return await check()
  } catch {
    return false
  }
}

async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

export const rows = {
  eip155: {
    namespace: 'eip155',
    name: 'EVM',
    caip2: 'eip155:31337',
    network: 'Portico Devnet A',
    wallet: 'Portico Dev Wallet',
    panel: 'Portico Dev Wallet',
    activityGlobal: '__porticoDevWallet',
    symbol: 'ETH',
    decimals: 18,
    tokens: [{ symbol: 'ETH', name: 'Ether', decimals: 18 }, { symbol: 'pUSD', name: 'Portico USD', decimals: 6 }],
    sends: [{ symbol: 'ETH', amount: '0.25' }],
    connectMethod: 'eth_requestAccounts',
    sendMethod: 'eth_sendTransaction',
    signInMethod: 'personal_sign',
    signInWord: 'Ethereum',
    verifier: 'viem (verifyMessage)',
    explorerTx: 'eip155:31337/tx/0x[0-9a-f]{64}',
    shortAddress: first6last4,
    besides: [solanaLocalnet],
    restored: (log) => expect(log.filter((a) => /eth_requestAccounts|wallet_requestPermissions/.test(a.method))).toEqual([]),
    checkSpent: amountAndAtMostTheFee,
    async open(chain) {
      const client = createPublicClient({ transport: http(chain.nodeUrl) })
      return {
        devAddress: chain.accounts[0]!,
        async balance(address, symbol = 'ETH') {
          if (symbol === 'ETH') return client.getBalance({ address: address as Hex })
          const token = chain.tokens.find((t) => t.symbol === symbol)!
          return client.readContract({ address: token.address as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] })
        },
        fresh: () => privateKeyToAccount(generatePrivateKey()).address,
        verify: (message, signature, address) => verifyMessage({ address: address as Hex, message, signature: signature as Hex }).catch(() => false),
      }
    },
  },

  solana: {
    namespace: 'solana',
    name: 'Solana',
    caip2: 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP',
    network: 'Portico Solana Localnet',
    wallet: 'Portico Dev Wallet',
    panel: 'Portico Dev Wallet (Solana)',
    activityGlobal: '__porticoSolanaDevWallet',
    symbol: 'SOL',
    decimals: 9,
    tokens: [{ symbol: 'SOL', name: 'Solana', decimals: 9 }, { symbol: 'pUSD', name: 'Portico USD', decimals: 6 }],
    sends: [
      { symbol: 'SOL', amount: '0.25' },
      { symbol: 'pUSD', amount: '3' },
    ],
    connectMethod: 'standard:connect',
    sendMethod: 'solana:signAndSendTransaction',
    signInMethod: 'solana:signMessage',
    signInWord: 'Solana',
    verifier: '@noble/curves (ed25519)',
    explorerTx: 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP/tx/[1-9A-HJ-NP-Za-km-z]{64,88}',
    shortAddress: first4last4,
    // The connected wallet serves EVM too (issue 14): the confirmation says so, and connects it there.
    besides: [{ ...devnetA, says: 'Portico Dev Wallet also works on Portico Devnet A', list: false }],
    restored: (log) => expect(log.filter((a) => a.method === 'standard:connect')).toEqual([]),
    async checkSpent({ spent, amount, receiver, kit }) {
      // Exactly the amount and one-signature fees (5,000 lamports), and for pUSD the rent of the receiver's new token account.
      const rent = amount === 0n ? BigInt(await jsonRpc<number>(kit.chain.nodeUrl, 'getMinimumBalanceForRentExemption', [165])) : 0n
      expect(spent).toBe(amount + 5_000n + rent)
      expect(receiver).toBeTruthy()
    },
    async open(chain) {
      const mint = chain.tokens[0]!.address
      return {
        devAddress: chain.accounts[0]!,
        async balance(address, symbol = 'SOL') {
          if (symbol === 'SOL') return BigInt((await jsonRpc<{ value: number }>(chain.nodeUrl, 'getBalance', [address, { commitment: 'confirmed' }])).value)
          const answer = await jsonRpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>(chain.nodeUrl, 'getTokenAccountsByOwner', [address, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }])
          return answer.value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
        },
        fresh: () => base58.encode(ed25519.getPublicKey(randomBytes(32))),
        verify: (message, signature, address) => never(() => ed25519.verify(base58.decode(signature), new TextEncoder().encode(message), base58.decode(address))),
      }
    },
  },

  bip122: {
    namespace: 'bip122',
    name: 'Bitcoin',
    caip2: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    network: 'Portico Bitcoin Regtest',
    wallet: 'Portico Dev Wallet',
    panel: 'Portico Dev Wallet (Bitcoin)',
    activityGlobal: '__porticoBitcoinDevWallet',
    symbol: 'BTC',
    decimals: 8,
    tokens: [{ symbol: 'BTC', name: 'Bitcoin', decimals: 8 }],
    sends: [
      {
        symbol: 'BTC',
        amount: '0.001',
        fast: {
          label: /^Fast([\d,]+) sats≈ \$\d+\.\d\d$/,
          async paid(receiver, fee, kit) {
            const [tx] = (await (await fetch(`${kit.chain.nodeUrl}/address/${receiver}/txs`)).json()) as { fee: number }[]
            expect(tx?.fee).toBe(fee)
          },
        },
      },
    ],
    connectMethod: 'getAddresses',
    sendMethod: 'signPsbt',
    signInMethod: 'signMessage',
    signInWord: 'Bitcoin',
    verifier: 'BIP-322 (bitcoinjs-lib)',
    shortAddress: first4last4,
    besides: [{ ...devnetA, list: false }, solanaLocalnet],
    restored: () => undefined,
    checkSpent: amountAndAtMostTheFee,
    // A wallet over WalletConnect builds, signs and broadcasts the transfer itself (sendTransfer): the review says it sets the fee.
    walletPage: {
      proposes: 'sendTransfer',
      sign: { method: 'signMessage', format: /^Signature: / },
      send: { symbol: 'BTC', amount: '0.0005', units: 50_000n, method: 'sendTransfer', review: /Network feeSet by your wallet/, shows: (receiver) => ['0.00050000 BTC (50000 sats)', receiver] },
    },
    async open(chain) {
      const esplora = chain.nodeUrl
      return {
        devAddress: devBitcoinAddress,
        async balance(address) {
          const info = (await (await fetch(`${esplora}/address/${address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
          return BigInt(info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum)
        },
        fresh: () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!,
        verify: (message, signature, address) => never(() => verifyBip322(address, message, signature)),
      }
    },
  },

  cosmos: {
    namespace: 'cosmos',
    name: 'Cosmos',
    caip2: 'cosmos:',
    network: 'Portico Cosmos Localnet',
    wallet: 'Portico Dev Wallet (Cosmos)',
    panel: 'Portico Dev Wallet (Cosmos)',
    activityGlobal: '__porticoCosmosDevWallet',
    symbol: 'PTC',
    decimals: 6,
    tokens: [{ symbol: 'PTC', name: 'Portico Token', decimals: 6 }, { symbol: 'pUSD', name: 'Portico USD', decimals: 6 }],
    sends: [{ symbol: 'PTC', amount: '0.25' }],
    connectMethod: 'enable',
    sendMethod: 'signDirect',
    signInMethod: 'signArbitrary',
    signInWord: 'Cosmos',
    verifier: '@cosmjs/amino (ADR-36)',
    shortAddress: first4last4,
    besides: [{ ...devnetA, list: true }, { ...solanaLocalnet, list: true }],
    restored: () => undefined,
    // The ADR-36 doc goes over cosmos_signAmino; a send reads the key (cosmos_getAccounts, answered by the page) and signs the SignDoc.
    walletPage: {
      proposes: 'cosmos_signDirect',
      sign: { method: 'cosmos_signAmino', format: /^Signature: \{/ },
      send: { symbol: 'PTC', amount: '0.1', units: 100_000n, method: 'cosmos_signDirect', shows: () => [] },
    },
    checkSpent: amountAndAtMostTheFee,
    async open(chain) {
      const devAddress = chain.accounts[0]!
      return {
        devAddress,
        async balance(address, symbol = 'PTC') {
          const denom = symbol === 'PTC' ? 'uptc' : chain.tokens.find((t) => t.symbol === symbol)!.address
          const body = (await (await fetch(`${chain.nodeUrl}/cosmos/bank/v1beta1/balances/${address}`)).json()) as { balances?: { denom: string; amount: string }[] }
          return BigInt(body.balances?.find((b) => b.denom === denom)?.amount ?? '0')
        },
        fresh: () => bech32.encode(devAddress.slice(0, devAddress.indexOf('1')), bech32.toWords(randomBytes(20))),
        verify: (message, signature, address) => verifyAdr36WithCosmjs(message, signature, address).catch(() => false),
      }
    },
  },

  polkadot: {
    namespace: 'polkadot',
    name: 'Polkadot',
    caip2: `polkadot:${'45'.repeat(16)}`,
    network: 'Portico Substrate Devnet',
    wallet: 'Portico Dev Wallet (Polkadot)',
    panel: 'Portico Dev Wallet (Polkadot)',
    activityGlobal: '__porticoPolkadotDevWallet',
    symbol: 'ROC',
    decimals: 12,
    tokens: [{ symbol: 'ROC', name: 'ROC', decimals: 12 }],
    sends: [{ symbol: 'ROC', amount: '1.5' }],
    connectMethod: 'enable',
    sendMethod: 'signPayload',
    signInMethod: 'signRaw',
    signInWord: 'Polkadot',
    verifier: '@polkadot/util-crypto (sr25519)',
    explorerTx: `polkadot:${'45'.repeat(16)}/extrinsic/0x[0-9a-f]{64}`,
    headerKeepsBalanceAfterSend: true,
    shortAddress: first4last4,
    besides: [{ ...devnetA, list: true }, { ...solanaLocalnet, list: true }],
    // Restoring enables the extension again without a prompt: one approved enable on the new page.
    restored: (log) => expect(log.filter((a) => a.method === 'enable')).toEqual([{ method: 'enable', outcome: 'approved' }]),
    checkSpent: ({ spent, fee, amount }) => {
      // What the review showed (rounded up to 9 decimals) is what the runtime charged (tests/sandbox/polkadot checks it to the planck).
      expect(spent - amount).toBeLessThanOrEqual(fee)
      expect(spent - amount).toBeGreaterThan(fee - 1_000n)
    },
    walletPage: {
      proposes: 'polkadot_signTransaction',
      sign: { method: 'polkadot_signMessage', shows: (devAddress) => devAddress, format: /^Signature: 0x[0-9a-f]{128}$/ },
      send: { symbol: 'ROC', amount: '2', units: 2_000_000_000_000n, method: 'polkadot_signTransaction', shows: () => [`0x${'45'.repeat(32)}`] },
    },
    prepare: startSandboxPolkadot,
    async open(chain) {
      await cryptoWaitReady()
      const api = await ApiPromise.create({ provider: new HttpProvider(chain.nodeUrl), noInitWarn: true })
      const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
      return {
        devAddress: chain.accounts[0]!,
        balance: async (address) => (await api.query.system.account(address)).data.free.toBigInt(),
        fresh: () => keyring.addFromUri(`//${randomBytes(16).toString('hex')}`).address,
        verify: (message, signature, address) => never(() => signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode(message))), signature as Hex, address).isValid),
        close: () => api.disconnect(),
      }
    },
  },

  stacks: {
    namespace: 'stacks',
    name: 'Stacks',
    caip2: 'stacks:',
    network: 'Portico Stacks Localnet',
    wallet: 'Portico Dev Wallet (Stacks)',
    panel: 'Portico Dev Wallet (Stacks)',
    activityGlobal: '__porticoStacksDevWallet',
    symbol: 'STX',
    decimals: 6,
    tokens: [{ symbol: 'STX', name: 'Stacks', decimals: 6 }, { symbol: 'pUSD', name: 'Portico USD', decimals: 6 }],
    sends: [
      {
        symbol: 'STX',
        amount: '0.25',
        fast: {
          label: /^Fast([\d,]+) µSTX/,
          async paid(receiver, fee, kit) {
            expect(fee).toBeGreaterThan(0)
            const history = (await (await fetch(`${kit.chain.nodeUrl}/extended/v1/address/${receiver}/transactions`)).json()) as { results: unknown[] }
            expect(history.results).toEqual([expect.objectContaining({ fee_rate: String(fee), tx_status: 'success', sender_address: kit.truth.devAddress })])
          },
        },
      },
    ],
    connectMethod: 'getAddresses',
    sendMethod: 'stx_transferStx',
    signInMethod: 'stx_signMessage',
    signInWord: 'Stacks',
    verifier: '@stacks/encryption',
    headerKeepsBalanceAfterSend: true,
    shortAddress: first4last4,
    besides: [{ ...devnetA, list: true }, { ...solanaLocalnet, list: true }],
    // A fresh page's log starts empty, and restoring asked the wallet nothing.
    restored: (log) => expect(log).toEqual([]),
    walletPage: {
      proposes: 'stx_transferStx',
      sign: { method: 'stx_signMessage', format: /^Signature: [0-9a-f]{130}$/ },
      send: { symbol: 'STX', amount: '0.1', units: 100_000n, method: 'stx_transferStx', shows: (receiver) => [receiver, '0.100000 STX (100000 µSTX)'] },
    },
    checkSpent: amountAndAtMostTheFee,
    async open(chain) {
      return {
        devAddress: chain.accounts[0]!,
        async balance(address, symbol = 'STX') {
          if (symbol === 'STX') return BigInt(((await (await fetch(`${chain.nodeUrl}/v2/accounts/${address}?proof=0`)).json()) as { balance: string }).balance)
          const body = (await (await fetch(`${chain.nodeUrl}/extended/v1/address/${address}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
          return Object.values(body.fungible_tokens).reduce((sum, t) => sum + BigInt(t.balance), 0n)
        },
        fresh: () => privateKeyToAddress(randomPrivateKey(), 'testnet'),
        // The dev key's public key: the address is checked against it by the chain's own test.
        verify: (message, signature) => never(() => verifyMessageSignatureRsv({ message, signature, publicKey: devStacksPublicKeyHex })),
      }
    },
  },

  sui: {
    namespace: 'sui',
    name: 'Sui',
    caip2: 'sui:localnet',
    network: 'Portico Sui Localnet',
    wallet: 'Portico Dev Wallet',
    panel: 'Portico Dev Wallet (Sui)',
    activityGlobal: '__porticoSuiDevWallet',
    symbol: 'SUI',
    decimals: 9,
    tokens: [{ symbol: 'SUI', name: 'SUI', decimals: 9 }, { symbol: 'pUSD', name: 'Portico USD', decimals: 6 }],
    sends: [
      { symbol: 'SUI', amount: '0.25' },
      { symbol: 'pUSD', amount: '3' },
    ],
    connectMethod: 'standard:connect',
    sendMethod: 'sui:signAndExecuteTransaction',
    signInMethod: 'sui:signPersonalMessage',
    signInWord: 'Sui',
    verifier: '@mysten/sui (verifyPersonalMessageSignature)',
    explorerTx: 'sui:localnet/tx/[1-9A-HJ-NP-Za-km-z]{43,44}',
    activityWithGas: true,
    shortAddress: first6last4,
    besides: [{ ...devnetA, list: false }],
    walletPage: { proposes: 'sui_signPersonalMessage', sign: { method: 'sui_signPersonalMessage', shows: () => 'sui:localnet', format: /^Signature: [A-Za-z0-9+/=]{130,}$/ } },
    restored: (log) => {
      expect(log.filter((a) => a.method === 'standard:connect')).toEqual([])
      expect(log.some((a) => a.method === 'standard:connect (silent)')).toBe(true)
    },
    // The gas taken is no more than the review showed.
    checkSpent: amountAndAtMostTheFee,
    async open(chain) {
      const coinType = chain.tokens[0]!.address
      return {
        devAddress: chain.accounts[0]!,
        balance: async (owner, symbol = 'SUI') => BigInt((await jsonRpc<{ totalBalance: string }>(chain.nodeUrl, 'suix_getBalance', [owner, symbol === 'SUI' ? '0x2::sui::SUI' : coinType])).totalBalance),
        fresh: () => new Ed25519Keypair().toSuiAddress(),
        verify: (message, signature, address) => never(async () => (await verifyPersonalMessageSignature(new TextEncoder().encode(message), signature)).toSuiAddress() === address),
      }
    },
  },
} satisfies Record<string, ChainRow>
