import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'

/**
 * A signer made outside the project, the way the Polkadot.js extension signs: `signPayload` builds
 * the `ExtrinsicPayload` from the `SignerPayloadJSON` with @polkadot/types (the payload's own signed
 * extensions set on a registry) and signs it with a @polkadot/keyring pair; `signRaw` signs the
 * `<Bytes>`-wrapped data. Tests hand it to the plugin as an injected extension's signer.
 *
 * @param suri the key's secret URI (mnemonic and `//` path)
 * @example
 * const signer = await createPolkadotJsSigner(devMnemonic)
 */
export async function createPolkadotJsSigner(suri: string): Promise<{ pair: KeyringPair; signPayload(payload: Record<string, unknown>): Promise<{ id: number; signature: `0x${string}` }>; signRaw(payload: { address: string; data: string; type: 'bytes' }): Promise<{ id: number; signature: `0x${string}` }> }> {
  await cryptoWaitReady()
  const pair = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(suri)
  let id = 0
  return {
    pair,
    async signPayload(payload) {
      const registry = new TypeRegistry()
      registry.setSignedExtensions(payload.signedExtensions as string[])
      const extrinsicPayload = registry.createType('ExtrinsicPayload', payload, { version: payload.version as number })
      return { id: ++id, signature: extrinsicPayload.sign(pair).signature }
    },
    async signRaw({ data }) {
      return { id: ++id, signature: u8aToHex(pair.sign(u8aWrapBytes(data))) }
    },
  }
}
