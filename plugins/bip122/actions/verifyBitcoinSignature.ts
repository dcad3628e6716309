import { concatBytes as concat } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import { decodeBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
import type * as bip322Curves from '../lazy/bip322Curves.js'

type Lib = typeof bip322Curves

const u32 = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24)
const u64zero = new Uint8Array(8)
const varint = (n: number) => (n < 0xfd ? Uint8Array.of(n) : Uint8Array.of(0xfd, n & 0xff, n >> 8))
const utf8 = (text: string) => new TextEncoder().encode(text)
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i])

/** The output script of a decoded segwit or legacy address. */
function outputScript(decoded: NonNullable<ReturnType<typeof decodeBitcoinAddress>>): Uint8Array {
  const p = decoded.program
  switch (decoded.type) {
    case 'p2pkh':
      return concat(Uint8Array.of(0x76, 0xa9, 0x14), p, Uint8Array.of(0x88, 0xac))
    case 'p2sh':
      return concat(Uint8Array.of(0xa9, 0x14), p, Uint8Array.of(0x87))
    case 'p2wpkh':
    case 'p2wsh':
      return concat(Uint8Array.of(0x00, p.length), p)
    case 'p2tr':
      return concat(Uint8Array.of(0x51, 0x20), p)
  }
}

/** Reads a serialized witness stack (BIP-322 simple signature). */
function readWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const readLength = () => {
    const first = bytes[at++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (first === 0xfd && at + 2 <= bytes.length) {
      const n = bytes[at]! | (bytes[at + 1]! << 8)
      at += 2
      return n
    }
    return undefined
  }
  const count = readLength()
  if (count === undefined || count > 4) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const length = readLength()
    if (length === undefined || at + length > bytes.length) return undefined
    items.push(bytes.subarray(at, at + length))
    at += length
  }
  return at === bytes.length ? items : undefined
}

/**
 * BIP-322 "simple": the witness of the virtual `to_sign` transaction spending `to_spend`, for
 * P2WPKH (ECDSA over the BIP-143 digest) and P2TR key path (Schnorr over the BIP-341 digest). The
 * digests are built here byte by byte, independently of any transaction library.
 */
function verifyBip322Simple(lib: Lib, script: Uint8Array, type: string, program: Uint8Array, message: string, witness: Uint8Array[]): boolean {
  const { sha256 } = lib
  const dsha = (b: Uint8Array) => sha256(sha256(b))
  const tag = sha256(utf8('BIP0322-signed-message'))
  const messageHash = sha256(concat(tag, tag, utf8(message)))
  const toSpend = concat(u32(0), varint(1), new Uint8Array(32), u32(0xffffffff), varint(34), Uint8Array.of(0x00, 0x20), messageHash, u32(0), varint(1), u64zero, varint(script.length), script, u32(0))
  const outpoint = concat(dsha(toSpend), u32(0))
  const opReturn = concat(u64zero, varint(1), Uint8Array.of(0x6a))
  if (type === 'p2wpkh') {
    if (witness.length !== 2) return false
    const [sig, publicKey] = witness as [Uint8Array, Uint8Array]
    if (publicKey.length !== 33 || sig.length < 9 || sig[sig.length - 1] !== 0x01) return false
    if (!equal(lib.ripemd160(sha256(publicKey)), program)) return false
    const scriptCode = concat(Uint8Array.of(0x19, 0x76, 0xa9, 0x14), program, Uint8Array.of(0x88, 0xac))
    const preimage = concat(u32(0), dsha(outpoint), dsha(u32(0)), outpoint, scriptCode, u64zero, u32(0), dsha(opReturn), u32(0), u32(1))
    try {
      return lib.secp256k1.verify(lib.secp256k1.Signature.fromDER(sig.subarray(0, -1)), dsha(preimage), publicKey, { prehash: false, lowS: false })
    } catch {
      return false
    }
  }
  if (type === 'p2tr') {
    if (witness.length !== 1) return false
    const sig = witness[0]!
    if (sig.length !== 64 && !(sig.length === 65 && sig[64] === 0x01)) return false
    const hashType = sig.length === 65 ? 0x01 : 0x00
    const sigMsg = concat(
      Uint8Array.of(0x00, hashType),
      u32(0),
      u32(0),
      sha256(outpoint),
      sha256(u64zero),
      sha256(concat(varint(script.length), script)),
      sha256(u32(0)),
      sha256(opReturn),
      Uint8Array.of(0x00),
      u32(0),
    )
    const tapTag = sha256(utf8('TapSighash'))
    try {
      return lib.schnorr.verify(sig.subarray(0, 64), sha256(concat(tapTag, tapTag, sigMsg)), program)
    } catch {
      return false
    }
  }
  return false
}

/** BIP-137 (legacy "Bitcoin Signed Message"): a 65-byte recoverable signature; the recovered key must own the address. */
function verifyBip137(lib: Lib, type: string, program: Uint8Array, message: string, bytes: Uint8Array): boolean {
  if (bytes.length !== 65) return false
  const header = bytes[0]!
  if (header < 27 || header > 42) return false
  const { sha256 } = lib
  const body = utf8(message)
  const hash = sha256(sha256(concat(utf8('\x18Bitcoin Signed Message:\n'), varint(body.length), body)))
  let point
  try {
    point = lib.secp256k1.Signature.fromCompact(bytes.subarray(1)).addRecoveryBit((header - 27) % 4).recoverPublicKey(hash)
  } catch {
    return false
  }
  const compressed = header >= 31
  const publicKey = point.toRawBytes(compressed)
  const keyHash = lib.ripemd160(sha256(publicKey))
  if (type === 'p2pkh') return equal(keyHash, program)
  if (!compressed) return false
  if (type === 'p2wpkh') return equal(keyHash, program)
  if (type === 'p2sh') return equal(lib.ripemd160(sha256(concat(Uint8Array.of(0x00, 0x14), keyHash))), program)
  return false
}

/**
 * Verifies a Bitcoin message signature for an address: BIP-322 simple (P2WPKH, P2TR) or BIP-137
 * (P2PKH, P2SH-P2WPKH, P2WPKH), base64 as wallets return it (hex is accepted too).
 *
 * @param parameters - message, signature, address
 * @returns whether the signature is valid for that address
 * @example
 * await verifyBitcoinSignature({ message: 'Hello World', signature, address: 'bc1q…' })
 */
export async function verifyBitcoinSignature({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> {
  const decoded = decodeBitcoinAddress(address)
  if (!decoded || typeof message !== 'string' || typeof signature !== 'string' || signature.length > 2_000) return false
  let bytes: Uint8Array
  try {
    bytes = /^(?:[0-9a-f]{2})+$/i.test(signature) && signature.length !== 88 ? Uint8Array.from(signature.match(/../g)!.map((h) => parseInt(h, 16))) : base64.decode(signature)
  } catch {
    return false
  }
  const lib = await import('../lazy/bip322Curves.js')
  if (bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42 && verifyBip137(lib, decoded.type, decoded.program, message, bytes)) return true
  const witness = readWitness(bytes)
  return witness !== undefined && verifyBip322Simple(lib, outputScript(decoded), decoded.type, decoded.program, message, witness)
}
