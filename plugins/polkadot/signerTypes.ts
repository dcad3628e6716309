import type { PolkadotSignerPayload } from '../../chain-kit/index.js'
import type { NamespaceSigner } from '../../kernel/kernel.js'

/**
 * The signed extensions polkadot-api hands a signer, by identifier: `value` goes into the extrinsic,
 * `additionalSigned` is only signed (polkadot-api's `PolkadotSigner` takes this shape).
 */
export type PolkadotSignedExtensions = Record<string, { identifier: string; value: Uint8Array; additionalSigned: Uint8Array }>

// The transaction payload `@polkadot/api` and the extensions speak (`SignerPayloadJSON`) is
// `portico/chain-kit`'s, where its encoder lives; `portico/polkadot` exports it under the same name.
export type { PolkadotSignerPayload }

/**
 * What `@polkadot/api`'s `Signer.signRaw` takes: hex `data`, which the wallet signs wrapped in
 * `<Bytes>…</Bytes>`. Only `type: 'bytes'` is signed (WalletConnect's `polkadot_signMessage` has no
 * other kind); `'payload'` is refused with `PolkadotSignerInputError`.
 */
export type PolkadotSignerRawPayload = { address: string; data: string; type: 'bytes' | 'payload' }

/** What `@polkadot/api`'s `Signer` answers: a request id and the signature (hex). */
export type PolkadotSignerResult = { id: number; signature: `0x${string}` }

/**
 * The polkadot signer of `portico.getSigner('polkadot')` (and `useSigner('polkadot')`), for the
 * site's own transactions: one object that is both a polkadot-api `PolkadotSigner` (`publicKey`,
 * `signTx`, `signBytes`: `tx.signAndSubmit(signer)`) and a `@polkadot/api` `Signer`
 * (`signPayload`, `signRaw`: `tx.signAndSend(address, { signer })`). Each member reads the
 * connection when it is used, so it follows the visitor's account and network switches; it
 * refuses with `NotConnectedError` while nothing is connected, with `ChainNotSupportedError` a
 * transaction for another chain (its genesis hash), with `PolkadotSignerInputError` what is not a
 * transaction or message, all before the wallet is asked. The wallet signs through whichever
 * connector holds the connection (`polkadot_signTransaction` / `polkadot_signMessage`): an
 * injected extension, WalletConnect. A visitor saying no is a `ProviderRpcError` with code 4001.
 *
 * @example
 * const signer = await portico.getSigner('polkadot')
 * await api.tx.utility.batchAll(calls).signAndSend(address, { signer })
 */
export type PolkadotChainSigner = NamespaceSigner & {
  readonly namespace: 'polkadot'
  /** The active account's public key (32 bytes); throws `NotConnectedError` while nothing is connected. */
  readonly publicKey: Uint8Array
  /**
   * polkadot-api: signs a transaction for the active account and returns the signed extrinsic.
   * `signedExtensions` must include `CheckGenesis` (the network is checked against it); the wallet
   * hashes a long signing payload with Blake2-256, so a `hasher` that is not Blake2-256 is refused.
   */
  signTx(callData: Uint8Array, signedExtensions: PolkadotSignedExtensions, metadata: Uint8Array, atBlockNumber: number, hasher?: (data: Uint8Array) => Uint8Array): Promise<Uint8Array>
  /** polkadot-api: signs bytes with the active account (the wallet wraps them in `<Bytes>…</Bytes>`). */
  signBytes(data: Uint8Array): Promise<Uint8Array>
  /** `@polkadot/api`: signs a `SignerPayloadJSON` for one of the connection's accounts. */
  signPayload(payload: PolkadotSignerPayload): Promise<PolkadotSignerResult>
  /** `@polkadot/api`: signs raw bytes (`type: 'bytes'`) for one of the connection's accounts. */
  signRaw(raw: PolkadotSignerRawPayload): Promise<PolkadotSignerResult>
}

declare module '../../kernel/types/signer.js' {
  // `portico.getSigner('polkadot')` and `useSigner('polkadot')`, typed once a site imports `portico/polkadot`.
  interface PorticoSigners {
    polkadot: PolkadotChainSigner
  }
}
