// The Ledger kit's table (issue 49): one row per chain the emulated Ledger serves on the demo. A row
// names the chain (its chain kit row), the device app the view asks for, the second account's path,
// where the device's accounts are, the send through the modal (if the chain's app signs one there),
// and the message check of the ecosystem's own library. The flows: tests/e2e/kit/ledgerE2e.ts.
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import { bytesToHex } from '@noble/hashes/utils.js'
import { signatureVerify } from '@polkadot/util-crypto'
import { hashMessage, verifyMessageSignatureRsv } from '@stacks/encryption'
import { getAddressFromPublicKey, publicKeyFromSignatureRsv } from '@stacks/transactions'
import bitcoinMessage from 'bitcoinjs-message'
import type { Locator, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { verifySolanaSignature } from '../../../plugins/solana/actions/verifySolanaSignature.js'
import { ledgerPolkadotAddresses } from '../../../sandbox/ledgerDevice/ledgerPolkadotApp.js'
import type { TestSandbox } from '../../helpers/startSandbox.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'
import { never, rows, type ChainRow, type ChainTruth, type SandboxChain } from './chainRows.js'
import { escapeRegExp as escape } from '../../helpers/escapeRegExp.js'

/** One entry of the emulated device's log (`window.__porticoLedger.activity()`). */
export type DeviceActivity = { app: string; action: string; outcome: string; screen: string; path?: string }

/** What a chain's own Ledger tests get: the page the kit left connected to the second account, and the kit's steps. */
export type LedgerKit = {
  row: LedgerRow
  sandbox: TestSandbox
  info: { chains: SandboxChain[]; ledgerAccounts: Record<string, string[] | undefined> }
  chain: SandboxChain
  truth: ChainTruth
  /** The device's five accounts on the chain's Ledger Live path; the kit connects the second. */
  accounts: string[]
  second: string
  page: Page
  dialog(): Locator
  header(): Locator
  /** The device's log. */
  device(): Promise<DeviceActivity[]>
  /** Calls `window.__porticoLedger.<call>` on the page: `setMode('reject')`, `setBlindSigning(false)`. */
  ledger(call: string): Promise<unknown>
  /** Awaits `wait`; when it fails, the error says what the page and the device showed. */
  step<T>(wait: Promise<T>): Promise<T>
  openAccount(): Promise<void>
  /** Account → Send → the token, amount and receiver → Preview Send (the review). */
  fillSend(symbol: string, amount: string, receiver: string): Promise<void>
  /** The demo's `Sign "Hello from the Portico demo"`; returns its status line ("Signature: …" or "Not signed: …"). */
  signMessage(): Promise<string>
  closeDialog(): Promise<void>
}

export type LedgerRow = {
  chain: ChainRow
  /** The app the view asks the visitor to open (none when the device already shows it: Ethereum). */
  app?: string
  /** The app's name in the device's log. */
  deviceApp: string
  /** The device's action for a message. */
  messageAction: string
  /** What the device shows for a message, for the chain's second account. */
  messageScreen?(address: string): string
  /** The second account's derivation path, as its row in the account list reads. */
  path: string
  accounts(info: LedgerKit['info']): string[]
  /** The account whose signature the message is not (default: the first). */
  otherAccount?: number
  /** The library the message is verified with, for the test names. */
  verifier: string
  verify(message: string, signature: string, address: string): Promise<boolean>
  signatureFormat?: RegExp
  /** A native send through the modal's Send view, signed on the device (none where the chain's app signs none there). */
  send?: { symbol: string; amount: string; units: bigint; action?: string; screen?(receiver: string): RegExp }
  /** Before the page opens (funding). */
  prepare?(kit: LedgerKit): Promise<void>
  /** In the listed account picker, before the second account is chosen. */
  inPicker?(kit: LedgerKit): Promise<void>
}

export const ledgerRows = {
  eip155: {
    chain: rows.eip155,
    deviceApp: 'Ethereum',
    messageAction: 'signPersonalMessage',
    messageScreen: () => 'Sign message · Hello from the Portico demo',
    path: "m/44'/60'/1'/0/0",
    accounts: (info) => info.ledgerAccounts.eip155!,
    verifier: 'viem (verifyMessage)',
    verify: (message, signature, address) => never(() => verifyMessage({ address: address as Address, message, signature: signature as Hex })),
    signatureFormat: /^0x[0-9a-f]{130}$/,
    send: { symbol: 'ETH', amount: '0.01', units: 10n ** 16n },
  },
  solana: {
    chain: rows.solana,
    app: 'Solana',
    deviceApp: 'Solana',
    // A Ledger signs a message as a Solana off-chain message: the plugin's verifier reads that format (no ecosystem library does).
    messageAction: 'signOffchainMessage',
    path: "m/44'/501'/1'",
    accounts: (info) => info.ledgerAccounts.solana!,
    verifier: "the Solana plugin's off-chain message verifier",
    verify: (message, signature, address) => never(() => verifySolanaSignature({ message, signature, address })),
  },
  bip122: {
    chain: rows.bip122,
    app: 'Bitcoin Test',
    deviceApp: 'Bitcoin Test',
    messageAction: 'signMessage',
    path: "m/84'/1'/1'/0/0",
    accounts: (info) => info.ledgerAccounts.bip122!,
    verifier: 'bitcoinjs-message (BIP-137)',
    verify: async (message, signature, address) => never(() => bitcoinMessage.verify(message, address, Buffer.from(signature, 'base64'), undefined, true)),
    send: { symbol: 'BTC', amount: '0.0025', units: 250_000n, action: 'signPsbt' },
  },
  cosmos: {
    chain: rows.cosmos,
    app: 'Cosmos',
    deviceApp: 'Cosmos',
    messageAction: 'signMessage',
    messageScreen: (address) => `Sign message · Hello from the Portico demo · Signer ${address} · From ${address}`,
    path: "m/44'/118'/0'/0/1",
    accounts: (info) => info.ledgerAccounts.cosmos!,
    verifier: '@cosmjs/amino (ADR-36)',
    verify: (message, signature, address) => never(() => verifyAdr36WithCosmjs(message, signature, address)),
    // Signed as amino JSON on the device.
    send: { symbol: 'PTC', amount: '0.1', units: 100_000n, screen: (receiver) => new RegExp(`^Send 100000 uptc to ${escape(receiver)}`) },
  },
  polkadot: {
    chain: rows.polkadot,
    app: 'Polkadot',
    deviceApp: 'Polkadot',
    messageAction: 'signMessage',
    messageScreen: () => 'Sign message · Hello from the Portico demo',
    path: "m/44'/354'/0'/0'/1'",
    accounts: () => [...ledgerPolkadotAddresses],
    otherAccount: 2,
    verifier: "@polkadot/util-crypto's signatureVerify (<Bytes>…</Bytes>, ed25519)",
    verify: (message, signature, address) =>
      never(() => {
        const result = signatureVerify(`<Bytes>${message}</Bytes>`, signature, address)
        return result.isValid && result.crypto === 'ed25519'
      }),
    signatureFormat: /^0x00[0-9a-f]{128}$/,
    // No send: the sandbox runtime lacks CheckMetadataHash, which the generic app needs (tests/e2e/ledger/ledgerPolkadot.test.ts).
  },
  stacks: {
    chain: rows.stacks,
    app: 'Stacks',
    deviceApp: 'Stacks',
    messageAction: 'signMessage',
    path: "m/44'/5757'/0'/0/1",
    accounts: (info) => info.ledgerAccounts.stacks!,
    verifier: '@stacks/encryption (the key recovered from the signature is the account\'s)',
    verify: (message, signature, address) =>
      never(() => {
        const publicKey = publicKeyFromSignatureRsv(bytesToHex(hashMessage(message)), signature)
        return getAddressFromPublicKey(publicKey, 'testnet') === address && verifyMessageSignatureRsv({ message, signature, publicKey })
      }),
    send: { symbol: 'STX', amount: '0.1', units: 100_000n, screen: (receiver) => new RegExp(escape(receiver)) },
  },
  sui: {
    chain: rows.sui,
    app: 'Sui',
    deviceApp: 'Sui',
    messageAction: 'signPersonalMessage',
    path: "m/44'/784'/1'/0'/0'",
    accounts: (info) => info.ledgerAccounts.sui!,
    verifier: '@mysten/sui (verifyPersonalMessageSignature)',
    verify: (message, signature, address) => never(async () => (await verifyPersonalMessageSignature(new TextEncoder().encode(message), signature, { address })).toSuiAddress() === address),
    send: { symbol: 'SUI', amount: '0.01', units: 10_000_000n, screen: (receiver) => new RegExp(`^Transfer SUI · To ${escape(`${receiver.slice(0, 6)}…${receiver.slice(-4)}`)} · Amount 0\\.01 SUI · Max gas `) },
  },
} satisfies Record<string, LedgerRow>
