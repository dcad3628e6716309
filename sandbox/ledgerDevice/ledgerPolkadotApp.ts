import { ed25519 } from '@noble/curves/ed25519.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { blake3 } from '@noble/hashes/blake3.js'
import { extraInfo, extrinsicMetadata, lookupType, proof as proofCodec, type Proof } from '@polkadot-api/merkleize-metadata'
import { compact } from '@polkadot-api/substrate-bindings'

import { formatDecimalUnits } from '../../kernel/kernel.js'
import { encodeSs58 } from '../../plugins/polkadot/server/index.js'
import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus } from './ledgerApdu.js'
import { formatLedgerPath, type LedgerDeviceKeys } from './ledgerDeviceKeys.js'

/** The generic Polkadot app's version the emulator reports (`F9 00`, `B0 01`). */
export const ledgerPolkadotAppVersion = [100, 0, 12] as const

/** The generic app's class byte (Zondax ledger-polkadot docs/APDUSPEC.md: every command is `F9 …`). */
const cla = 0xf9
/** Its instructions (docs/APDUSPEC.md). */
const ins = { getVersion: 0x00, getAddress: 0x01, sign: 0x02, signRaw: 0x03 } as const
/** The chunk types of a signing command, in P1: the first chunk (path and blob length), more data, the last data. */
const chunk = { init: 0x00, add: 0x01, last: 0x02 } as const
/** P2's signature schemes: the emulator has the ed25519 keys only (ECDSA, `2`, is answered `6B00`). */
const schemeEd25519 = 0x00
/** "Data is invalid" (docs/APDUSPEC.md), with the app's parser error as text, as the real app answers it. */
const dataInvalid = 0x6984
/** A refusal on the device: Zondax's apps answer "command not allowed" (`6986`), not `6985`. */
const refused = 0x6986
/** Nano S Plus's target id, the last field of GET_VERSION. */
const targetId = [0x33, 0x10, 0x00, 0x04]
/** The most the emulated app buffers for one signature (blob and metadata proof). */
const maxBuffer = 64 * 1024
/** Substrate signs the blake2b-256 of a payload longer than this (the app does the same). */
const maxSignSize = 256
/** The SLIP-44 coin type the app's paths must have (`m/44'/354'/…`). */
const polkadotCoinType = 0x8000_0162

/** A Polkadot key of the device: ed25519 by SLIP-0010 at the (all-hardened) path. */
export type LedgerPolkadotKey = { privateKey: Uint8Array; publicKey: Uint8Array }

/**
 * The device's Polkadot key at a path. The real app derives ed25519 keys with Ledger's own BIP32-Ed25519
 * scheme (`os_derive_bip32_with_seed_no_throw(HDW_NORMAL, CX_CURVE_Ed25519, …)`); the emulator uses
 * SLIP-0010 ed25519 (the Solana and Sui apps' derivation), so its addresses are its own, not a real
 * device's for the same phrase. Every step must be hardened.
 *
 * @example
 * ledgerPolkadotKey(keys, [0x8000002c, 0x80000162, 0x80000000, 0x80000000, 0x80000000]).publicKey
 */
export function ledgerPolkadotKey(keys: LedgerDeviceKeys, path: readonly number[]): LedgerPolkadotKey {
  const { privateKey, publicKey } = keys.solana(path)
  return { privateKey, publicKey }
}

/**
 * The SS58 address of the device's key at a path (prefix 42, generic Substrate, by default).
 *
 * @example
 * ledgerPolkadotAddress(keys, path) // '5…'
 */
export function ledgerPolkadotAddress(keys: LedgerDeviceKeys, path: readonly number[], prefix = 42): string {
  return encodeSs58(ledgerPolkadotKey(keys, path).publicKey, prefix)
}

/** A path as the Zondax apps send it: five levels, each a little-endian u32 (all hardened here, coin type 354). */
function readPath(data: Uint8Array): number[] | undefined {
  if (data.length < 20) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const path = [0, 1, 2, 3, 4].map((i) => view.getUint32(i * 4, true))
  return path[0] === 0x8000_002c && path[1] === polkadotCoinType && path.every((step) => step >= 0x8000_0000) ? path : undefined
}

const invalid = (reason: string) => ledgerAnswer(dataInvalid, new TextEncoder().encode(reason))
const indexOf = (haystack: Uint8Array, needle: Uint8Array) => {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/**
 * The metadata digest a proof stands for (RFC-0078): the type-information tree's root rebuilt from
 * the proof's leaves and hashes (blake3; the leaves in the tree's left-to-right order, as
 * `@polkadot-api/merkleize-metadata` writes them), then blake3 of `MetadataDigest::V1 { root,
 * blake3(extrinsic metadata), extra info }`.
 *
 * @returns the digest, or `undefined` when the proof does not rebuild a tree (extra or missing hashes)
 */
export function ledgerPolkadotProofDigest(proof: Proof): Uint8Array | undefined {
  const level = (idx: number) => Math.log2(idx + 1) | 0
  const ancestor = (from: number, levels: number) => ((from + 1) >> levels) - 1
  const leaves = proof.leaves.map((leaf) => blake3(lookupType.enc(leaf)))
  let leaf = 0
  let hash = 0
  const node = (idx: number): Uint8Array | undefined => {
    const target = proof.leafIdxs[leaf]
    if (target === undefined) return proof.proofs[hash++]
    if (target === idx) return leaves[leaf++]
    if (target < idx || idx !== ancestor(target, level(target) - level(idx))) return proof.proofs[hash++]
    const left = node(2 * idx + 1)
    const right = left && node(2 * idx + 2)
    return right && blake3(Uint8Array.from([...left, ...right]))
  }
  const root = proof.leaves.length === 0 ? undefined : node(0)
  if (!root || leaf !== proof.leaves.length || hash !== proof.proofs.length) return undefined
  return blake3(Uint8Array.from([1, ...root, ...blake3(extrinsicMetadata.enc(proof.extrinsic)), ...extraInfo.enc(proof.info)]))
}

/** What the device shows for a transaction: the chain, the call's pallet and name from the proof, a transfer's receiver and amount. */
function describeTransaction(blob: Uint8Array, proof: Proof): string {
  const { info, extrinsic } = proof
  const enumLeaf = (typeId: number, index: number | undefined) => proof.leaves.find((l) => l.typeId === typeId && l.typeDef.tag === 'enumeration' && l.typeDef.value.index === index)
  const pallet = extrinsic.callTy.tag === 'perId' ? enumLeaf(extrinsic.callTy.value, blob[0]) : undefined
  const inner = pallet?.typeDef.tag === 'enumeration' ? pallet.typeDef.value.fields[0]?.ty : undefined
  const call = inner?.tag === 'perId' ? enumLeaf(inner.value, blob[1]) : undefined
  const name = (entry: typeof pallet) => (entry?.typeDef.tag === 'enumeration' ? entry.typeDef.value.name : '?')
  const parts = [`${info.specName} ${info.specVersion}`, `${name(pallet)}.${name(call)}`]
  // A balances transfer: MultiAddress::Id(32 bytes), then the compact amount.
  if (/^transfer/.test(name(call)) && blob[2] === 0 && blob.length > 35) {
    try {
      const amount = compact.dec(blob.slice(35)) as number | bigint
      parts.push(`to ${encodeSs58(blob.slice(3, 35), info.base58Prefix)}`, `${formatDecimalUnits(BigInt(amount), info.decimals)} ${info.tokenSymbol}`)
    } catch {
      // Not a compact amount: the call's name is what is shown.
    }
  }
  return parts.join(' · ')
}

/**
 * The emulated generic Polkadot app, after Zondax's ledger-polkadot (docs/APDUSPEC.md, class `F9`),
 * driven unchanged by `@zondax/ledger-substrate`'s `PolkadotGenericApp`: `00` GET_VERSION (test mode,
 * major, minor, patch as u16, locked, target id); `01` GET_ADDR (P1 1 shows it, P2 the scheme: `0`
 * ed25519; the path is five little-endian u32, `m/44'/354'/…` all hardened, then the SS58 prefix as a
 * little-endian u16) answering the public key (32) and the SS58 address as text; `02` SIGN and `03`
 * SIGN_RAW in chunks (P1 0 the path and the blob's length as a little-endian u16, 1 more data, 2 the
 * last). SIGN's data is the signing payload followed by its metadata proof (RFC-0078): the proof
 * must rebuild a type tree, and the payload must carry `Some(digest)` of it in `CheckMetadataHash`
 * (the real app decodes the payload by the proof's types to find it; the emulator looks for those
 * 33 bytes), else `6984` "Wrong Metadata digest"; a runtime without `CheckMetadataHash` is refused
 * the same way, as the real app refuses it (its `verifyMetadata`). SIGN_RAW's data
 * must be wrapped in `<Bytes>…</Bytes>`. Both answer `00` (ed25519) ‖ the 64-byte signature of the
 * data (blake2b-256 of it when longer than 256 bytes); Reject answers `6986`.
 *
 * @example
 * const app = createLedgerPolkadotApp()
 * await app.handle({ cla: 0xf9, ins: 0x00, p1: 0, p2: 0, data: new Uint8Array() }, context) // [0, 0, 100, 0, 0, 0, 12, 0, 0x33, 0x10, 0, 4, 0x90, 0x00]
 */
export function createLedgerPolkadotApp(): LedgerApp {
  let pending: { ins: number; path: number[]; blobLength: number; chunks: Uint8Array[]; length: number } | undefined

  async function signed(path: number[], data: Uint8Array, action: string, screen: string, context: LedgerAppContext): Promise<Uint8Array> {
    if (!(await context.confirm({ app: 'Polkadot', action, path: formatLedgerPath(path), screen }))) return ledgerAnswer(refused)
    const message = data.length > maxSignSize ? blake2b(data, { dkLen: 32 }) : data
    const signature = ed25519.sign(message, ledgerPolkadotKey(context.keys, path).privateKey)
    return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([0, ...signature]))
  }

  async function signTransaction(path: number[], blob: Uint8Array, proofBytes: Uint8Array, context: LedgerAppContext): Promise<Uint8Array> {
    let proof: Proof
    try {
      proof = proofCodec.dec(proofBytes)
    } catch {
      return invalid('Metadata proof could not be decoded')
    }
    const digest = ledgerPolkadotProofDigest(proof)
    if (!digest) return invalid('Wrong Metadata digest')
    // The real app's verifyMetadata: CheckMetadataHash must be among the runtime's extensions, enabled, with the proof's digest.
    if (!proof.extrinsic.signedExtensions.some((e) => e.identifier === 'CheckMetadataHash')) return invalid('Wrong Metadata digest')
    if (indexOf(blob, Uint8Array.from([1, ...digest])) < 0) return invalid('Wrong Metadata digest')
    return signed(path, blob, 'signTransaction', `Sign transaction · ${describeTransaction(blob, proof)}`, context)
  }

  async function signRaw(path: number[], data: Uint8Array, context: LedgerAppContext): Promise<Uint8Array> {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(data)
    if (!text.startsWith('<Bytes>') || !text.endsWith('</Bytes>')) return invalid('Unexpected value')
    return signed(path, data, 'signMessage', `Sign message · ${text.slice('<Bytes>'.length, -'</Bytes>'.length)}`, context)
  }

  return {
    name: 'Polkadot',
    version: ledgerPolkadotAppVersion.join('.'),
    cla,
    reset() {
      pending = undefined
    },
    async handle({ ins: instruction, p1, p2, data }, context) {
      switch (instruction) {
        case ins.getVersion: {
          const [major, minor, patch] = ledgerPolkadotAppVersion
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([0, major >> 8, major & 255, minor >> 8, minor & 255, patch >> 8, patch & 255, 0, ...targetId]))
        }
        case ins.getAddress: {
          if (p1 > 1 || p2 !== schemeEd25519) return ledgerAnswer(ledgerStatus.invalidParameters)
          const path = readPath(data)
          if (!path || data.length !== 22) return invalid('Unexpected data')
          const prefix = data[20]! | (data[21]! << 8)
          if (prefix > 16383) return invalid('Unexpected data')
          const key = ledgerPolkadotKey(context.keys, path)
          const address = encodeSs58(key.publicKey, prefix)
          if (p1 === 1 && !(await context.confirm({ app: 'Polkadot', action: 'verifyAddress', path: formatLedgerPath(path), screen: `Verify address · ${address}` }))) return ledgerAnswer(refused)
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([...key.publicKey, ...new TextEncoder().encode(address)]))
        }
        case ins.sign:
        case ins.signRaw: {
          if (p2 !== schemeEd25519) {
            pending = undefined
            return ledgerAnswer(ledgerStatus.invalidParameters)
          }
          if (p1 === chunk.init) {
            const path = readPath(data)
            pending = path && data.length === 22 ? { ins: instruction, path, blobLength: data[20]! | (data[21]! << 8), chunks: [], length: 0 } : undefined
            return pending ? ledgerAnswer(ledgerStatus.ok) : invalid('Unexpected data')
          }
          if ((p1 !== chunk.add && p1 !== chunk.last) || !pending || pending.ins !== instruction) {
            pending = undefined
            return p1 > chunk.last ? ledgerAnswer(ledgerStatus.invalidParameters) : ledgerAnswer(0x6987)
          }
          pending.chunks.push(data.slice())
          pending.length += data.length
          if (pending.length > maxBuffer) {
            pending = undefined
            return invalid('Buffer too small')
          }
          if (p1 === chunk.add) return ledgerAnswer(ledgerStatus.ok)
          const { path, blobLength, chunks, length } = pending
          pending = undefined
          const buffer = new Uint8Array(length)
          chunks.reduce((at, c) => (buffer.set(c, at), at + c.length), 0)
          if (blobLength === 0 || blobLength > buffer.length) return invalid('Unexpected buffer end')
          if (instruction === ins.signRaw) return buffer.length === blobLength ? signRaw(path, buffer, context) : invalid('Unexpected value')
          return signTransaction(path, buffer.slice(0, blobLength), buffer.slice(blobLength), context)
        }
        default:
          return ledgerAnswer(ledgerStatus.unknownInstruction)
      }
    },
  }
}

/**
 * The emulated device's first five Polkadot accounts (`m/44'/354'/0'/0'/i'`, prefix 42), the ones
 * the sandbox chain funds at start (100 ROC each). Written out so importing this file derives no
 * keys; a test pins them to `ledgerPolkadotAddress`.
 */
export const ledgerPolkadotAddresses = Object.freeze([
  '5Dyz32NBeFXLYUrQ9Eb8pB3z2M6qZPHpL8uzkvpPyogfdgKp',
  '5FerV3h74ohavhpbQCgT4h8sBVHvaxHwa4nWg3ymwhTgh1TN',
  '5CRSKM3YEfA1U9JqW7qPV29aouCxFoDHtDA16ULcasqA1rwh',
  '5GyCi3S5BDYnyp4gAhgQzpNMDbJyBdZuUkcrsa28pTLwJveU',
  '5CK7V9P9VqXF95VEQ1s8q5BfdsgNkFxU5tsCWQ83FfwXHZH7',
] as const)

/** What each funded Ledger Polkadot account starts with: 100 ROC (planck, 12 decimals). */
export const ledgerPolkadotFunding = 100n * 10n ** 12n
