import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes, hexToBytes, randomBytes } from '@noble/hashes/utils.js'
import { HDKey } from '@scure/bip32'
import { Address, NETWORK, OutScript, TEST_NETWORK, p2tr, p2wpkh } from '@scure/btc-signer'

import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus, readLedgerPath } from './ledgerApdu.js'
import { formatLedgerPath } from './ledgerDeviceKeys.js'

/**
 * The emulated Bitcoin app, after LedgerHQ/app-bitcoin-new doc/bitcoin.md (the protocol since
 * 2.1.0) and doc/merkle.md: `CLA E1` commands (`00` GET_EXTENDED_PUBKEY, `03` GET_WALLET_ADDRESS,
 * `04` SIGN_PSBT, `05` GET_MASTER_FINGERPRINT, `10` SIGN_MESSAGE) and the framework's `F8 01`
 * CONTINUE. A command that needs the client's data answers `SW_INTERRUPTED_EXECUTION` (`E000`)
 * with a client command (`10` YIELD, `40` GET_PREIMAGE, `41` GET_MERKLE_LEAF_PROOF, `A0`
 * GET_MORE_ELEMENTS) and resumes on the CONTINUE that answers it; every preimage and Merkle proof
 * is checked against the hash the device already holds. Two builds, as Ledger ships them: "Bitcoin"
 * (mainnet: coin type 0, `xpub`, `bc` addresses on its screen) and "Bitcoin Test" (the test
 * networks: coin type 1, `tpub`, `tb`); each refuses the other's coin type (its standard paths and
 * default policies name its own, src/handler/get_extended_pubkey.c and lib/policy.c). They serve the
 * default single-key wallet policies `wpkh(@0/**)` (BIP-84, ECDSA over BIP-143) and `tr(@0/**)`
 * (BIP-86, Schnorr over BIP-341, key path); registered policies (an HMAC) are refused.
 */
export const ledgerBitcoinAppName = 'Bitcoin Test'
/** The mainnet build's name, as `B0 01` reports it. */
export const ledgerBitcoinMainnetAppName = 'Bitcoin'
/** The app's version `B0 01` reports (≥ 2.1.0: @ledgerhq/hw-app-btc picks the new protocol). */
export const ledgerBitcoinAppVersion = '2.4.1'

/** The app's own status words (doc/bitcoin.md "Status Words"; SW_NOT_SUPPORTED answers a key export at a path that is not standard, without display). */
const sw = { notSupported: 0x6a82, wrongP1P2: 0x6a86, wrongLength: 0x6a87, badState: 0xb007, signatureFail: 0xb008, interrupted: 0xe000 } as const

/** A command ends with this status word. */
class Stop extends Error {
  constructor(readonly statusWord: number) {
    super(`status ${statusWord.toString(16)}`)
  }
}

/** What differs between the two builds: the name, the coin type, the extended keys' BIP-32 versions, the screen's address encoding and unit. */
type Build = { name: string; coin: number; versions: { private: number; public: number }; network: typeof NETWORK; unit: string }
const builds: Record<'mainnet' | 'test', Build> = {
  mainnet: { name: ledgerBitcoinMainnetAppName, coin: 0, versions: { private: 0x0488ade4, public: 0x0488b21e }, network: NETWORK, unit: 'BTC' },
  test: { name: ledgerBitcoinAppName, coin: 1, versions: { private: 0x04358394, public: 0x043587cf }, network: TEST_NETWORK, unit: 'tBTC' },
}
const hardened = 0x8000_0000

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

function readVarint(bytes: Uint8Array, at: number): [value: number, size: number] {
  const first = bytes[at]
  if (first === undefined) throw new Stop(ledgerStatus.invalidData)
  if (first < 0xfd) return [first, 1]
  const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 0
  if (!width || at + 1 + width > bytes.length) throw new Stop(ledgerStatus.invalidData)
  let value = 0
  for (let i = width - 1; i >= 0; i--) value = value * 256 + bytes[at + 1 + i]!
  return [value, 1 + width]
}

const u32le = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
const u64le = (n: bigint) => Uint8Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn))
const readU32le = (b: Uint8Array) => (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0
const readU64le = (b: Uint8Array) => b.subarray(0, 8).reduceRight((sum, byte) => sum * 256n + BigInt(byte), 0n)
const sha256d = (b: Uint8Array) => sha256(sha256(b))
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i])

/** doc/merkle.md: the largest power of 2 strictly smaller than n. */
const splitOf = (n: number) => 2 ** Math.floor(Math.log2(n - 1))
const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(concatBytes(Uint8Array.of(1), left, right))

/** The Merkle root a leaf hash and its proof (brothers from the leaf up, RFC 6962's audit path) give. */
function rootOf(size: number, index: number, leaf: Uint8Array, proof: readonly Uint8Array[]): Uint8Array {
  if (size === 1) {
    if (proof.length) throw new Stop(sw.signatureFail)
    return leaf
  }
  const k = splitOf(size)
  const top = proof[proof.length - 1]
  if (!top) throw new Stop(sw.signatureFail)
  const rest = proof.slice(0, -1)
  return index < k ? nodeHash(rootOf(k, index, leaf, rest), top) : nodeHash(top, rootOf(size - k, index - k, leaf, rest))
}

/** Asks the client one command (the answer data of an `E000`) and resolves with its CONTINUE's data. */
type Ask = (request: Uint8Array) => Promise<Uint8Array>

/** The client commands of doc/bitcoin.md "Client commands reference", each answer checked. */
function client(ask: Ask) {
  async function more(size: number, wanted: number): Promise<Uint8Array[]> {
    const out: Uint8Array[] = []
    while (out.length < wanted) {
      const answer = await ask(Uint8Array.of(0xa0))
      const [n, s] = [answer[0] ?? 0, answer[1] ?? 0]
      if (n === 0 || s !== size || answer.length !== 2 + n * s) throw new Stop(ledgerStatus.invalidData)
      for (let i = 0; i < n; i++) out.push(answer.slice(2 + i * s, 2 + (i + 1) * s))
    }
    if (out.length !== wanted) throw new Stop(ledgerStatus.invalidData)
    return out
  }
  async function preimage(hash: Uint8Array, maxLength = 65_535): Promise<Uint8Array> {
    const answer = await ask(concatBytes(Uint8Array.of(0x40, 0x00), hash))
    const [length, size] = readVarint(answer, 0)
    const partial = answer[size] ?? 0
    if (length > maxLength || partial > length || answer.length !== size + 1 + partial) throw new Stop(ledgerStatus.invalidData)
    const head = answer.slice(size + 1)
    const tail = length > partial ? (await more(1, length - partial)).map((b) => b[0]!) : []
    const value = concatBytes(head, Uint8Array.from(tail))
    if (!equal(sha256(value), hash)) throw new Stop(sw.signatureFail)
    return value
  }
  async function leafHash(root: Uint8Array, size: number, index: number): Promise<Uint8Array> {
    const answer = await ask(concatBytes(Uint8Array.of(0x41), root, varint(size), varint(index)))
    if (answer.length < 34) throw new Stop(ledgerStatus.invalidData)
    const leaf = answer.slice(0, 32)
    const [total, given] = [answer[32]!, answer[33]!]
    if (given > total || answer.length !== 34 + 32 * given) throw new Stop(ledgerStatus.invalidData)
    const proof: Uint8Array[] = Array.from({ length: given }, (_, i) => answer.slice(34 + 32 * i, 66 + 32 * i))
    if (total > given) proof.push(...(await more(32, total - given)))
    if (!equal(rootOf(size, index, leaf, proof), root)) throw new Stop(sw.signatureFail)
    return leaf
  }
  /** Element `index` of a committed list: its leaf hash (proved), then the leaf's preimage `0x00 ‖ element`. */
  async function element(root: Uint8Array, size: number, index: number): Promise<Uint8Array> {
    const leaf = await preimage(await leafHash(root, size, index))
    if (leaf[0] !== 0) throw new Stop(ledgerStatus.invalidData)
    return leaf.slice(1)
  }
  /** A Merkleized map (`varint size ‖ keys root ‖ values root`): every key, checked sorted, and its value. */
  async function map(commitment: Uint8Array): Promise<Map<string, Uint8Array>> {
    const [size, at] = readVarint(commitment, 0)
    if (commitment.length !== at + 64) throw new Stop(ledgerStatus.invalidData)
    const [keysRoot, valuesRoot] = [commitment.slice(at, at + 32), commitment.slice(at + 32)]
    const out = new Map<string, Uint8Array>()
    let previous = ''
    for (let i = 0; i < size; i++) {
      const key = bytesToHex(await element(keysRoot, size, i))
      if (i > 0 && key <= previous) throw new Stop(ledgerStatus.invalidData)
      previous = key
      out.set(key, await element(valuesRoot, size, i))
    }
    return out
  }
  return { preimage, element, map }
}

/** A default wallet policy the emulated app serves, one key of this device: BIP-84 native segwit (`wpkh`) or BIP-86 taproot (`tr`). */
type Policy = { kind: 'wpkh' | 'tr'; accountPath: number[]; account: HDKey }

/** The default policies' templates and the purpose each one's key origin must have (app-bitcoin-new lib/policy.c, is_wallet_policy_standard). */
const templates: Record<string, { kind: Policy['kind']; purpose: number }> = { 'wpkh(@0/**)': { kind: 'wpkh', purpose: 84 }, 'tr(@0/**)': { kind: 'tr', purpose: 86 } }

/** A BIP-86 key's x-only form (the internal key). */
const xOnly = (publicKey: Uint8Array) => publicKey.slice(1, 33)

/** Paths the app calls standard (doc/bitcoin.md GET_EXTENDED_PUBKEY): BIP-44/49/84/86 on the build's coin type, the account level or a full address path. */
function isStandardPath(path: readonly number[], coinType: number): boolean {
  const [purpose, coin, account, change, index] = path
  if (purpose === undefined || ![44, 49, 84, 86].map((p) => p + hardened).includes(purpose)) return false
  if (coin !== coinType + hardened || account === undefined || account < hardened || account > hardened + 100) return false
  if (path.length === 3) return true
  return path.length === 5 && (change === 0 || change === 1) && index !== undefined && index < 50_000
}

function printable(message: Uint8Array): boolean {
  return message.length <= 640 && message.every((b) => (b >= 0x20 && b <= 0x7e) || b === 0x0a)
}

const formatBtc = (sats: bigint) => `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`

/** The app's screen address of an output script (its build's encoding: `bc1…` or `tb1…`). */
function screenAddress(script: Uint8Array, network: Build['network']): string {
  try {
    return Address(network).encode(OutScript.decode(script))
  } catch {
    return `script ${bytesToHex(script)}`
  }
}

/** A policy's output script of a key (P2WPKH, or P2TR of the BIP-86 tweak of the key with no script tree). */
const scriptOf = (kind: Policy['kind'], publicKey: Uint8Array, network: Build['network']): Uint8Array => (kind === 'tr' ? p2tr(xOnly(publicKey), undefined, network).script : p2wpkh(publicKey, network).script)
const addressOf = (kind: Policy['kind'], publicKey: Uint8Array, network: Build['network']): string => (kind === 'tr' ? p2tr(xOnly(publicKey), undefined, network).address! : p2wpkh(publicKey, network).address!)

/** BIP-341's key-path tweak of a private key with no script tree: d negated when its point's y is odd, plus t = H_TapTweak(x(P)). */
function tweakPrivateKey(privateKey: Uint8Array): Uint8Array {
  const n = secp256k1.CURVE.n
  const point = secp256k1.ProjectivePoint.fromPrivateKey(privateKey)
  let d = BigInt(`0x${bytesToHex(privateKey)}`)
  if (point.toAffine().y % 2n === 1n) d = n - d
  const t = BigInt(`0x${bytesToHex(schnorr.utils.taggedHash('TapTweak', point.toRawBytes(true).slice(1)))}`)
  return hexToBytes(((d + t) % n).toString(16).padStart(64, '0'))
}

/**
 * The emulated Bitcoin app ("Bitcoin Test", app-bitcoin-new ≥ 2.1.0's protocol; see the module's
 * first comment): interactive commands run as a conversation with the client, one CONTINUE per
 * client command.
 *
 * @example
 * const app = createLedgerBitcoinApp()
 * await app.handle({ cla: 0xe1, ins: 0x05, p1: 0, p2: 1, data: new Uint8Array() }, context) // fingerprint ‖ 9000
 */
export function createLedgerBitcoinApp({ network = 'test' }: { network?: 'mainnet' | 'test' } = {}): LedgerApp {
  const build = builds[network]
  const appName = build.name
  let roots: { seed: Uint8Array; root: HDKey } | undefined
  /** The running interactive command: where the next CONTINUE's data goes, and where its next answer goes. */
  let waiting: ((data: Uint8Array) => void) | undefined
  let answer: ((bytes: Uint8Array) => void) | undefined
  let session = 0

  const rootOfDevice = (context: LedgerAppContext): HDKey => {
    const seed = context.keys.seed()
    if (!roots || roots.seed !== seed) roots = { seed, root: HDKey.fromMasterSeed(seed, build.versions) }
    return roots.root
  }
  const fingerprint = (context: LedgerAppContext) => {
    const fp = rootOfDevice(context).fingerprint
    return Uint8Array.of(fp >>> 24, (fp >> 16) & 0xff, (fp >> 8) & 0xff, fp & 0xff)
  }
  const nodeAt = (context: LedgerAppContext, path: readonly number[]) => rootOfDevice(context).derive(formatLedgerPath(path))

  /** Runs an interactive command: answers with its first client command (`E000`) or its result. */
  function converse(run: (ask: Ask) => Promise<Uint8Array>): Promise<Uint8Array> {
    const id = ++session
    const first = new Promise<Uint8Array>((resolve) => (answer = resolve))
    const ask: Ask = (request) => {
      if (id !== session) return new Promise<Uint8Array>(() => {})
      const reply = new Promise<Uint8Array>((resolve) => (waiting = resolve))
      answer?.(ledgerAnswer(sw.interrupted, request))
      return reply
    }
    run(ask).then(
      (result) => {
        if (id !== session) return
        waiting = undefined
        answer?.(result)
      },
      (error: unknown) => {
        if (id !== session) return
        waiting = undefined
        answer?.(ledgerAnswer(error instanceof Stop ? error.statusWord : sw.badState))
      },
    )
    return first
  }

  async function readPolicy(c: ReturnType<typeof client>, context: LedgerAppContext, walletId: Uint8Array, hmac: Uint8Array): Promise<Policy> {
    // Registered wallets (a non-zero HMAC) are not emulated: only the default single-key policies.
    if (hmac.some((b) => b !== 0)) throw new Stop(sw.signatureFail)
    const serialized = await c.preimage(walletId, 200)
    // doc/wallet.md: version 2 ‖ name length ‖ name ‖ varint template length ‖ sha256(template) ‖ varint key count ‖ keys root.
    if (serialized[0] !== 2 || serialized[1] !== 0) throw new Stop(ledgerStatus.invalidData)
    const [templateLength, size] = readVarint(serialized, 2)
    const templateHash = serialized.slice(2 + size, 34 + size)
    const [keyCount, keySize] = readVarint(serialized, 34 + size)
    const keysRoot = serialized.slice(34 + size + keySize)
    if (keysRoot.length !== 32 || keyCount !== 1) throw new Stop(ledgerStatus.invalidData)
    const template = new TextDecoder().decode(await c.preimage(templateHash, 1000))
    const standard = templates[template]
    if (template.length !== templateLength || !standard) throw new Stop(ledgerStatus.invalidData)
    const key = new TextDecoder().decode(await c.element(keysRoot, 1, 0))
    const match = /^\[([0-9a-f]{8})((?:\/\d+['h])+)\](\w{100,120})$/.exec(key)
    if (!match || match[1] !== bytesToHex(fingerprint(context))) throw new Stop(ledgerStatus.invalidData)
    const accountPath = match[2]!.slice(1).split('/').map((step) => Number(step.slice(0, -1)) + hardened)
    if (accountPath.length !== 3 || accountPath[0] !== standard.purpose + hardened || !isStandardPath(accountPath, build.coin)) throw new Stop(ledgerStatus.invalidData)
    const account = nodeAt(context, accountPath)
    if (account.publicExtendedKey !== match[3]) throw new Stop(ledgerStatus.invalidData)
    return { kind: standard.kind, accountPath, account }
  }

  async function getWalletAddress(data: Uint8Array, context: LedgerAppContext, ask: Ask): Promise<Uint8Array> {
    if (data.length !== 70 || data[0]! > 1 || data[65]! > 1) throw new Stop(sw.wrongLength)
    const policy = await readPolicy(client(ask), context, data.slice(1, 33), data.slice(33, 65))
    const change = data[65]!
    const index = new DataView(data.buffer, data.byteOffset).getUint32(66)
    if (index >= hardened) throw new Stop(ledgerStatus.invalidData)
    const node = policy.account.deriveChild(change).deriveChild(index)
    const address = addressOf(policy.kind, node.publicKey!, build.network)
    if (data[0] === 1 && !(await context.confirm({ app: appName, action: 'verifyAddress', path: formatLedgerPath([...policy.accountPath, change, index]), screen: `Verify address · ${address}` }))) {
      throw new Stop(ledgerStatus.refused)
    }
    return ledgerAnswer(ledgerStatus.ok, new TextEncoder().encode(address))
  }

  async function signMessage(data: Uint8Array, context: LedgerAppContext, ask: Ask): Promise<Uint8Array> {
    const path = readLedgerPath(data, 0)
    if (!path || path.indexes.length > 8) throw new Stop(ledgerStatus.invalidData)
    const [length, size] = readVarint(data, path.next)
    const root = data.slice(path.next + size)
    if (root.length !== 32 || length > 65_536) throw new Stop(sw.wrongLength)
    const c = client(ask)
    const count = Math.ceil(length / 64)
    const chunks: Uint8Array[] = []
    for (let i = 0; i < count; i++) chunks.push(await c.element(root, count, i))
    const message = concatBytes(...chunks)
    if (message.length !== length || chunks.some((chunk, i) => chunk.length !== (i < count - 1 ? 64 : length - 64 * (count - 1)))) throw new Stop(ledgerStatus.invalidData)
    const shown = printable(message) ? new TextDecoder().decode(message) : `sha256 ${bytesToHex(sha256(message))}`
    if (!(await context.confirm({ app: appName, action: 'signMessage', path: path.path, screen: `Sign message · ${shown}` }))) throw new Stop(ledgerStatus.refused)
    // Bitcoin message signing: double SHA-256 of "\x18Bitcoin Signed Message:\n" ‖ varint length ‖ message.
    const digest = sha256d(concatBytes(new TextEncoder().encode('\x18Bitcoin Signed Message:\n'), varint(length), message))
    const signature = secp256k1.sign(digest, nodeAt(context, path.indexes).privateKey!)
    // 27 + 4 (compressed key) + the recovery id, then r and s.
    return ledgerAnswer(ledgerStatus.ok, concatBytes(Uint8Array.of(31 + signature.recovery), signature.toCompactRawBytes()))
  }

  async function signPsbt(data: Uint8Array, context: LedgerAppContext, ask: Ask): Promise<Uint8Array> {
    let at = 0
    const [globalSize, globalVarint] = readVarint(data, at)
    const globalCommitment = data.slice(at, (at += globalVarint + 64))
    const [inputCount, inputVarint] = readVarint(data, at)
    at += inputVarint
    const inputsRoot = data.slice(at, (at += 32))
    const [outputCount, outputVarint] = readVarint(data, at)
    at += outputVarint
    const outputsRoot = data.slice(at, (at += 32))
    const walletId = data.slice(at, (at += 32))
    const hmac = data.slice(at, (at += 32))
    if (at !== data.length || globalSize > 100 || inputCount < 1 || inputCount > 50 || outputCount < 1 || outputCount > 50) throw new Stop(sw.wrongLength)
    const c = client(ask)
    const policy = await readPolicy(c, context, walletId, hmac)
    const global = await c.map(globalCommitment)
    // PSBTv2 (BIP-370): version 2, counts matching the command's.
    const psbtVersion = global.get('fb')
    if (!psbtVersion || readU32le(psbtVersion) !== 2) throw new Stop(ledgerStatus.invalidData)
    const inputs: Map<string, Uint8Array>[] = []
    for (let i = 0; i < inputCount; i++) inputs.push(await c.map(await c.element(inputsRoot, inputCount, i)))
    const outputs: Map<string, Uint8Array>[] = []
    for (let i = 0; i < outputCount; i++) outputs.push(await c.map(await c.element(outputsRoot, outputCount, i)))
    const txVersion = readU32le(global.get('02') ?? u32le(2))
    const locktime = readU32le(global.get('03') ?? u32le(0))

    type Input = { txid: Uint8Array; vout: number; sequence: number; amount: bigint; script: Uint8Array; own?: { path: number[]; key: HDKey } }
    // The key derivations of the policy's kind: PSBT_IN_BIP32_DERIVATION (06, compressed key) for wpkh, PSBT_IN_TAP_BIP32_DERIVATION (16, x-only key; its value starts with the leaf hashes, none for a key path) for tr.
    const derivationOf = (key: string, value: Uint8Array, type: string): { path: number[]; publicKeyHex: string } | undefined => {
      if (!key.startsWith(type)) return undefined
      let origin = value
      if (policy.kind === 'tr') {
        const [leaves, size] = readVarint(value, 0)
        if (leaves !== 0) return undefined
        origin = value.slice(size)
      }
      if (origin.length < 4 || (origin.length - 4) % 4 || !equal(origin.slice(0, 4), fingerprint(context))) return undefined
      return { path: Array.from({ length: (origin.length - 4) / 4 }, (_, i) => readU32le(origin.slice(4 + 4 * i))), publicKeyHex: key.slice(2) }
    }
    const publicKeyHexOf = (node: HDKey) => bytesToHex(policy.kind === 'tr' ? xOnly(node.publicKey!) : node.publicKey!)
    const spent: Input[] = inputs.map((map) => {
      const txid = map.get('0e')
      const vout = map.get('0f')
      const utxo = map.get('01')
      if (!txid || txid.length !== 32 || !vout || vout.length !== 4 || !utxo) throw new Stop(ledgerStatus.invalidData)
      const [scriptLength, size] = readVarint(utxo, 8)
      const script = utxo.slice(8 + size)
      if (script.length !== scriptLength) throw new Stop(ledgerStatus.invalidData)
      // SIGHASH_ALL for segwit v0; SIGHASH_DEFAULT (0) for a taproot key path.
      const sighash = map.get('03')
      if (sighash && readU32le(sighash) !== (policy.kind === 'tr' ? 0 : 1)) throw new Stop(ledgerStatus.invalidData)
      const input: Input = { txid, vout: readU32le(vout), sequence: readU32le(map.get('10') ?? u32le(0xffffffff)), amount: readU64le(utxo), script }
      // An input is internal when a BIP-32 derivation of it is this device's key in the policy's account, and its script is that key's.
      for (const [key, value] of map) {
        const derivation = derivationOf(key, value, policy.kind === 'tr' ? '16' : '06')
        if (!derivation) continue
        const { path } = derivation
        if (path.length !== 5 || !policy.accountPath.every((step, i) => path[i] === step) || path[3]! > 1 || path[4]! >= hardened) continue
        const node = nodeAt(context, path)
        if (publicKeyHexOf(node) !== derivation.publicKeyHex) continue
        if (!equal(script, scriptOf(policy.kind, node.publicKey!, build.network))) continue
        input.own = { path, key: node }
      }
      return input
    })
    if (!spent.some((input) => input.own)) throw new Stop(ledgerStatus.invalidData)
    const paid = outputs.map((map) => {
      const amount = map.get('03')
      const script = map.get('04')
      if (!amount || amount.length !== 8 || !script) throw new Stop(ledgerStatus.invalidData)
      // Change: an output with a derivation of this account's key whose script is that key's.
      // Change: an output with a derivation of this account's key (PSBT_OUT_BIP32_DERIVATION 02, or PSBT_OUT_TAP_BIP32_DERIVATION 07) whose script is that key's.
      const change = [...map].some(([key, value]) => {
        const derivation = derivationOf(key, value, policy.kind === 'tr' ? '07' : '02')
        if (!derivation) return false
        const { path } = derivation
        if (path.length !== 5 || !policy.accountPath.every((step, i) => path[i] === step) || path[3]! > 1 || path[4]! >= hardened) return false
        return equal(script, scriptOf(policy.kind, nodeAt(context, path).publicKey!, build.network))
      })
      return { amount: readU64le(amount), script, change }
    })
    const totalIn = spent.reduce((sum, input) => sum + input.amount, 0n)
    const totalOut = paid.reduce((sum, output) => sum + output.amount, 0n)
    if (totalOut > totalIn) throw new Stop(ledgerStatus.invalidData)
    const lines = paid.filter((o) => !o.change).map((o) => `${formatBtc(o.amount)} ${build.unit} to ${screenAddress(o.script, build.network)}`)
    const screen = `Send · ${lines.join(' · ') || 'to yourself'} · fee ${formatBtc(totalIn - totalOut)} ${build.unit}`
    const signer = spent.find((input) => input.own)!.own!
    if (!(await context.confirm({ app: appName, action: 'signPsbt', path: formatLedgerPath(signer.path), screen }))) throw new Stop(ledgerStatus.refused)

    if (policy.kind === 'tr') {
      // BIP-341 key-path digests (SIGHASH_DEFAULT: epoch 0, hash type 0, the whole transaction and every spent output),
      // each signed with BIP-340 by the tweaked key and yielded as `varint index ‖ 32 ‖ output key ‖ 64-byte signature`.
      const shaPrevouts = sha256(concatBytes(...spent.map((input) => concatBytes(input.txid, u32le(input.vout)))))
      const shaAmounts = sha256(concatBytes(...spent.map((input) => u64le(input.amount))))
      const shaScripts = sha256(concatBytes(...spent.map((input) => concatBytes(varint(input.script.length), input.script))))
      const shaSequences = sha256(concatBytes(...spent.map((input) => u32le(input.sequence))))
      const shaOutputs = sha256(concatBytes(...paid.map((output) => concatBytes(u64le(output.amount), varint(output.script.length), output.script))))
      for (const [index, input] of spent.entries()) {
        if (!input.own) continue
        const message = concatBytes(Uint8Array.of(0x00, 0x00), u32le(txVersion), u32le(locktime), shaPrevouts, shaAmounts, shaScripts, shaSequences, shaOutputs, Uint8Array.of(0x00), u32le(index))
        const digest = schnorr.utils.taggedHash('TapSighash', message)
        const signature = schnorr.sign(digest, tweakPrivateKey(input.own.key.privateKey!), randomBytes(32))
        const yielded = await ask(concatBytes(Uint8Array.of(0x10), varint(index), Uint8Array.of(32), input.script.slice(2), signature))
        if (yielded.length !== 0) throw new Stop(ledgerStatus.invalidData)
      }
      return ledgerAnswer(ledgerStatus.ok)
    }
    // BIP-143 digests (SIGHASH_ALL) of the internal inputs, each yielded as `varint index ‖ 33 ‖ pubkey ‖ DER signature ‖ 01`.
    const hashPrevouts = sha256d(concatBytes(...spent.map((input) => concatBytes(input.txid, u32le(input.vout)))))
    const hashSequence = sha256d(concatBytes(...spent.map((input) => u32le(input.sequence))))
    const hashOutputs = sha256d(concatBytes(...paid.map((output) => concatBytes(u64le(output.amount), varint(output.script.length), output.script))))
    for (const [index, input] of spent.entries()) {
      if (!input.own) continue
      const scriptCode = concatBytes(Uint8Array.of(0x19, 0x76, 0xa9, 0x14), input.script.slice(2), Uint8Array.of(0x88, 0xac))
      const preimage = concatBytes(u32le(txVersion), hashPrevouts, hashSequence, input.txid, u32le(input.vout), scriptCode, u64le(input.amount), u32le(input.sequence), hashOutputs, u32le(locktime), u32le(1))
      const signature = secp256k1.sign(sha256d(preimage), input.own.key.privateKey!)
      const yielded = await ask(concatBytes(Uint8Array.of(0x10), varint(index), Uint8Array.of(33), input.own.key.publicKey!, signature.toDERRawBytes(), Uint8Array.of(1)))
      if (yielded.length !== 0) throw new Stop(ledgerStatus.invalidData)
    }
    return ledgerAnswer(ledgerStatus.ok)
  }

  return {
    name: appName,
    version: ledgerBitcoinAppVersion,
    classes: [0xe1, 0xf8],
    reset() {
      session++
      waiting = undefined
      answer = undefined
    },
    async handle({ cla, ins, p1, p2, data }, context) {
      if (cla === 0xf8) {
        if (ins !== 0x01) return ledgerAnswer(ledgerStatus.unknownInstruction)
        const resume = waiting
        if (!resume) return ledgerAnswer(sw.badState)
        waiting = undefined
        const next = new Promise<Uint8Array>((resolve) => (answer = resolve))
        resume(data.slice())
        return next
      }
      if (p1 !== 0 || p2 > 1) return ledgerAnswer(sw.wrongP1P2)
      // A new command abandons an interrupted one.
      session++
      waiting = undefined
      switch (ins) {
        case 0x00: {
          const path = readLedgerPath(data, 1)
          if (data[0]! > 1 || !path || path.next !== data.length || path.indexes.length > 8) return ledgerAnswer(sw.wrongLength)
          // A path that is not standard for this build (another coin type among them) is exported only on display.
          const standard = isStandardPath(path.indexes, build.coin)
          if (!standard && data[0] === 0) return ledgerAnswer(sw.notSupported)
          const xpub = nodeAt(context, path.indexes).publicExtendedKey
          if (data[0] === 1 && !(await context.confirm({ app: appName, action: 'verifyPublicKey', path: path.path, screen: `${standard ? '' : 'Unusual path · '}Public key · ${xpub}` }))) {
            return ledgerAnswer(ledgerStatus.refused)
          }
          return ledgerAnswer(ledgerStatus.ok, new TextEncoder().encode(xpub))
        }
        case 0x05:
          return ledgerAnswer(ledgerStatus.ok, fingerprint(context))
        case 0x03:
          return converse((ask) => getWalletAddress(data.slice(), context, ask))
        case 0x04:
          return converse((ask) => signPsbt(data.slice(), context, ask))
        case 0x10:
          return converse((ask) => signMessage(data.slice(), context, ask))
        default:
          return ledgerAnswer(ledgerStatus.unknownInstruction)
      }
    },
  }
}
