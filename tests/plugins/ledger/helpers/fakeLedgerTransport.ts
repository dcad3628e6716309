// A fake Ledger behind a fake transport, for the ledger plugin's unit tests only: it answers the
// APDUs the real @ledgerhq/hw-app-eth and hw-app-solana send, with real keys (BIP-32 secp256k1 from
// a mnemonic for Ethereum, an ed25519 key per path for Solana). The sandbox's device
// (sandbox/ledgerDevice) is the full emulator; this one is just enough for one unit.
import Transport from '@ledgerhq/hw-transport'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha256'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { base58 } from '@scure/base'
import { bytesToHex, getAddress, hexToBytes, keccak256, toHex } from 'viem'
import { Buffer } from 'buffer'

export const testMnemonic = 'test test test test test test test test test test test junk'
const seed = mnemonicToSeedSync(testMnemonic)
const root = HDKey.fromMasterSeed(seed)

export type FakeMode = 'approve' | 'reject' | 'blindOff'

function readPath(data: Uint8Array): { path: string; rest: Uint8Array } {
  const count = data[0] ?? 0
  const levels: string[] = []
  for (let i = 0; i < count; i++) {
    const n = new DataView(data.buffer, data.byteOffset + 1 + 4 * i, 4).getUint32(0)
    levels.push(n >= 0x80000000 ? `${n - 0x80000000}'` : String(n))
  }
  return { path: `m/${levels.join('/')}`, rest: data.subarray(1 + 4 * count) }
}

/** The Ethereum key of a path (the same as viem's mnemonicToAccount for Ledger Live paths). */
export function ethKey(path: string): Uint8Array {
  return root.derive(path).privateKey as Uint8Array
}
export function ethAddress(path: string): string {
  const pub = secp256k1.getPublicKey(ethKey(path), false)
  return getAddress(`0x${keccak256(pub.subarray(1)).slice(-40)}`)
}
/** An ed25519 key per Solana path (not SLIP-10: enough for a unit test). */
export function solanaKey(path: string): Uint8Array {
  return sha256(new TextEncoder().encode(`solana:${path}`))
}
export function solanaAddress(path: string): string {
  return base58.encode(ed25519.getPublicKey(solanaKey(path)))
}

const ok = (data: Uint8Array = new Uint8Array()) => Buffer.concat([Buffer.from(data), Buffer.from([0x90, 0x00])])
const status = (sw: number) => Buffer.from([sw >> 8, sw & 0xff])

function signDigest(path: string, digest: Uint8Array): { v: number; r: Uint8Array; s: Uint8Array } {
  const sig = secp256k1.sign(digest, ethKey(path))
  return { v: sig.recovery, r: hexToBytes(toHex(sig.r, { size: 32 })), s: hexToBytes(toHex(sig.s, { size: 32 })) }
}

/** Total length of a (typed) transaction from its RLP header, once enough bytes are there. */
function rlpTotal(tx: Uint8Array): number | undefined {
  const typed = (tx[0] ?? 0xff) < 0x7f
  const at = typed ? 1 : 0
  const b = tx[at]
  if (b === undefined) return undefined
  if (b >= 0xc0 && b <= 0xf7) return at + 1 + (b - 0xc0)
  if (b > 0xf7) {
    const n = b - 0xf7
    if (tx.length < at + 1 + n) return undefined
    let len = 0
    for (let i = 0; i < n; i++) len = len * 256 + (tx[at + 1 + i] as number)
    return at + 1 + n + len
  }
  return undefined
}

/**
 * A transport whose device answers with real keys. `app` is what `B0 01` reports and which
 * instructions answer; `mode` approves, rejects (`6985`) or refuses data without blind signing (`6A80`).
 */
export class FakeLedgerTransport extends Transport {
  app: 'Ethereum' | 'Solana' | 'BOLOS' = 'Ethereum'
  mode: FakeMode = 'approve'
  locked = false
  /** Every APDU received, as hex. */
  readonly apdus: string[] = []
  /** What was signed: the raw transaction hex for E0 04, the message for E0 08, … */
  readonly signed: { ins: string; payload: string }[] = []
  private pending: { ins: number; path: string; data: Uint8Array; total?: number } | undefined
  closed = false

  override async exchange(apdu: Buffer): Promise<Buffer> {
    this.apdus.push(apdu.toString('hex'))
    const [cla, ins, p1, p2] = [apdu[0], apdu[1], apdu[2], apdu[3]] as number[]
    const data = new Uint8Array(apdu.subarray(5, 5 + (apdu[4] ?? 0)))
    if (cla === 0xb0 && ins === 0x01) {
      const name = new TextEncoder().encode(this.app)
      const ver = new TextEncoder().encode('1.17.0')
      return ok(new Uint8Array([1, name.length, ...name, ver.length, ...ver, 1, 0]))
    }
    if (this.locked) return status(0x5515)
    if (cla !== 0xe0 || this.app === 'BOLOS') return status(0x6e01)
    return this.app === 'Ethereum' ? this.ethereum(ins as number, p1 as number, p2 as number, data) : this.solana(ins as number, p1 as number, p2 as number, data)
  }

  private ethereum(ins: number, p1: number, _p2: number, data: Uint8Array): Buffer {
    if (ins === 0x06) return ok(new Uint8Array([0x01, 1, 17, 0]))
    if (ins === 0x02) {
      const { path } = readPath(data)
      const pub = secp256k1.getPublicKey(ethKey(path), false)
      const address = ethAddress(path).slice(2)
      return ok(new Uint8Array([pub.length, ...pub, address.length, ...new TextEncoder().encode(address)]))
    }
    if (ins === 0x08 || ins === 0x04) {
      if (p1 === 0x00) {
        const { path, rest } = readPath(data)
        if (ins === 0x08) {
          const total = new DataView(rest.buffer, rest.byteOffset, 4).getUint32(0)
          this.pending = { ins, path, data: rest.slice(4), total }
        } else this.pending = { ins, path, data: rest.slice() }
      } else if (this.pending?.ins === ins) {
        this.pending.data = new Uint8Array([...this.pending.data, ...data])
      } else return status(0x6a80)
      const pending = this.pending
      const done = ins === 0x08 ? pending.data.length >= (pending.total ?? 0) : rlpTotal(pending.data) === pending.data.length
      if (!done) return ok()
      this.pending = undefined
      if (this.mode === 'reject') return status(0x6985)
      if (ins === 0x04) {
        const typed = (pending.data[0] ?? 0xff) < 0x7f
        if (this.mode === 'blindOff' && typed && hasData(pending.data)) return status(0x6a80)
        this.signed.push({ ins: 'E004', payload: bytesToHex(pending.data) })
        const sig = signDigest(pending.path, hexToBytes(keccak256(pending.data)))
        return ok(new Uint8Array([typed ? sig.v : 0, ...sig.r, ...sig.s]))
      }
      this.signed.push({ ins: 'E008', payload: bytesToHex(pending.data) })
      const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${pending.data.length}`)
      const sig = signDigest(pending.path, hexToBytes(keccak256(new Uint8Array([...prefix, ...pending.data]))))
      return ok(new Uint8Array([27 + sig.v, ...sig.r, ...sig.s]))
    }
    if (ins === 0x0c) {
      const { path, rest } = readPath(data)
      if (this.mode === 'reject') return status(0x6985)
      this.signed.push({ ins: 'E00C', payload: bytesToHex(rest) })
      const sig = signDigest(path, hexToBytes(keccak256(new Uint8Array([0x19, 0x01, ...rest.subarray(0, 64)]))))
      return ok(new Uint8Array([27 + sig.v, ...sig.r, ...sig.s]))
    }
    return status(0x6d00)
  }

  private solana(ins: number, _p1: number, p2: number, data: Uint8Array): Buffer {
    if (ins === 0x04) return ok(new Uint8Array([0, 0, 1, 4, 0]))
    if (ins === 0x05) {
      const { path } = readPath(data)
      return ok(ed25519.getPublicKey(solanaKey(path)))
    }
    if (ins === 0x06 || ins === 0x07) {
      // One chunk is enough for the test's small payloads (P2 "more" would carry the rest).
      if (p2 & 0x02) return status(0x6a80)
      const { path, rest } = readPath(data.subarray(1))
      if (this.mode === 'reject') return status(0x6985)
      this.signed.push({ ins: ins === 0x06 ? 'E006' : 'E007', payload: bytesToHex(rest) })
      return ok(ed25519.sign(rest, solanaKey(path)))
    }
    return status(0x6d00)
  }

  override async close(): Promise<void> {
    this.closed = true
  }

  /** As if the device were unplugged. */
  unplug(): void {
    this.emit('disconnect', new Error('unplugged'))
  }
}

/** Whether an EIP-1559 transaction's data field is non-empty (index 7 of its RLP list). */
function hasData(tx: Uint8Array): boolean {
  // Good enough for the test's transactions: a data field shows as bytes after `to` and `value`.
  return tx.length > 90
}
