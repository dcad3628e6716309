// The cosmos signer's types for sites (`portico.getSigner('cosmos')`, `useSigner('cosmos')`): CosmJS's
// offline signer shapes written out structurally, so that `portico/cosmos` needs no CosmJS at run
// time or for its types, and a site passes the signer to `SigningStargateClient.connectWithSigner`
// as it is (tests/plugins/cosmos/cosmosSigner.test.ts proves it with the real CosmJS).
import type { NamespaceSigner } from '../../kernel/index.js'

/** A key's algorithm, as CosmJS's `AccountData.algo` names it. */
export type CosmosAlgo = 'secp256k1' | 'eth_secp256k1' | 'ethsecp256k1' | 'ed25519' | 'sr25519'

/** CosmJS's `AccountData`: the connected account's address and compressed public key. */
export type CosmosAccountData = {
  readonly address: string
  readonly algo: CosmosAlgo
  readonly pubkey: Uint8Array
}

/** What `SIGN_MODE_DIRECT` signs (cosmjs-types' `SignDoc`). */
export type CosmosSignDoc = {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}

/** A signature with its public key, as amino JSON carries it (CosmJS's `StdSignature`). */
export type CosmosStdSignature = {
  readonly pub_key: { readonly type: string; readonly value: string }
  /** The 64-byte signature, base64. */
  readonly signature: string
}

/** A coin amount in a base denom. */
export type CosmosCoin = { readonly denom: string; readonly amount: string }

/** An amino fee (CosmJS's `StdFee`). */
export type CosmosStdFee = {
  readonly amount: readonly CosmosCoin[]
  readonly gas: string
  readonly granter?: string
  readonly payer?: string
}

/** An amino message (CosmJS's `AminoMsg`). */
export type CosmosAminoMsg = {
  readonly type: string
  /** The message's fields, as its module defines them. */
  readonly value: Record<string, unknown>
}

/** What `SIGN_MODE_LEGACY_AMINO_JSON` signs (CosmJS's `StdSignDoc`). */
export type CosmosStdSignDoc = {
  readonly chain_id: string
  readonly account_number: string
  readonly sequence: string
  readonly fee: CosmosStdFee
  readonly msgs: readonly CosmosAminoMsg[]
  readonly memo: string
  readonly timeout_height?: string
}

/** CosmJS's `DirectSignResponse`: the doc the wallet signed (it may have changed the fee) and the signature. */
export type CosmosDirectSignResponse = {
  readonly signed: CosmosSignDoc
  readonly signature: CosmosStdSignature
}

/** CosmJS's `AminoSignResponse`: the doc the wallet signed and the signature. */
export type CosmosAminoSignResponse = {
  readonly signed: CosmosStdSignDoc
  readonly signature: CosmosStdSignature
}

/**
 * The connected Cosmos account's signer (`portico.getSigner('cosmos')`): a CosmJS
 * `OfflineDirectSigner` and `OfflineAminoSigner` in one object, for the chain the visitor is
 * connected to. Pass it to `SigningStargateClient.connectWithSigner(rpcUrl, signer)`.
 *
 * Every member reads the connection when it is called, so it follows the visitor's account and
 * network switches; with nothing connected each refuses with `NotConnectedError`. A sign doc for
 * another chain id is refused with `ChainNotSupportedError`, and a malformed one, or a signer
 * address that is not the connected account, with `CosmosSignerInputError`, before the wallet is
 * asked. It signs through whichever connector holds the connection (Keplr, Leap, Cosmostation, a
 * WalletConnect session: `cosmos_signDirect`, `cosmos_signAmino`); the visitor saying no is a
 * `ProviderRpcError` with code 4001.
 *
 * @example
 * const signer = await portico.getSigner('cosmos')
 * const [{ address }] = await signer.getAccounts()
 * const client = await SigningStargateClient.connectWithSigner(rpcUrl, signer, { gasPrice: GasPrice.fromString('0.025uatom') })
 * await client.signAndBroadcast(address, [message], 'auto', 'memo')
 */
export type CosmosSigner = NamespaceSigner & {
  readonly namespace: 'cosmos'
  /** The connected account (one, the active one) with its public key (`cosmos_getAccounts`). */
  getAccounts(): Promise<readonly [CosmosAccountData, ...CosmosAccountData[]]>
  /** Signs a protobuf `SignDoc` with the connected account (`cosmos_signDirect`). */
  signDirect(signerAddress: string, signDoc: CosmosSignDoc): Promise<CosmosDirectSignResponse>
  /** Signs an amino JSON `StdSignDoc` with the connected account (`cosmos_signAmino`; Ledger-backed keys sign only this way). */
  signAmino(signerAddress: string, signDoc: CosmosStdSignDoc): Promise<CosmosAminoSignResponse>
}

declare module '../../kernel/types/signer.js' {
  // `portico.getSigner('cosmos')` and `useSigner('cosmos')` are typed once a site imports `portico/cosmos`.
  interface PorticoSigners {
    cosmos: CosmosSigner
  }
}
