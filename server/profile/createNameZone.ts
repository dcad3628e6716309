import { createHash } from 'node:crypto'

import type { SqlStorage } from '../storage/SqlStorage.js'
import { type Hex, createPublicClient, getAddress, http, isAddress, isHex } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { chainIdToCoinType, coinTypeToChainId } from './coinTypeToChainId.js'
import { nameRuleViolation } from './nameRules.js'
import { ProfileRefusal } from './ProfileRefusal.js'

/** One registered name, in the incumbent's `/v1/profile/account` answer shape. */
export type NameRecord = {
  name: string
  registered_at: string
  updated_at: string
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }[]
}

/** What `POST /v1/profile/account` carries: the signed message `{ name, attributes, timestamp }` and its signature. */
export type NameRegistration = { coin_type: unknown; address: unknown; message: unknown; signature: unknown }

export type NameZoneOptions = {
  /** Where the names live (tables `profile_names`, `profile_used_signatures`; migration 2). */
  storage: SqlStorage
  /** The zone's suffix, without a leading dot: `portico.id` gives `alice.portico.id`. */
  zone: string
  /** The chains whose accounts may register (eip155 ones; signatures are checked through their RPC). */
  chains: readonly ChainConfig[]
  /** How old a signed message may be, in seconds (default 600); more than 60 s in the future is refused too. */
  maxAgeSeconds?: number
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number
  /** Checks a signature through the chain (default: viem's `verifyMessage`: EOA, EIP-1271 and EIP-6492). */
  verify?: (parameters: { rpcUrl: string; chainId: number; address: Hex; message: string; signature: Hex }) => Promise<boolean>
}

export type NameZone = ReturnType<typeof createNameZone>

/** How far ahead of the server's clock a signed message may be dated, in seconds. */
const maxClockSkewSeconds = 60

type Row = { name: string; address: string; coin_type: number; attributes: string; registered_at: number; updated_at: number }

const defaultVerify: NonNullable<NameZoneOptions['verify']> = async ({ rpcUrl, chainId, address, message, signature }) => {
  const client = createPublicClient({ chain: { id: chainId, name: `eip155:${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }, transport: http(rpcUrl, { timeout: 10_000 }) })
  return client.verifyMessage({ address, message, signature })
}

/** A unique key refused the insert (SQLite's SQLITE_CONSTRAINT_*, Postgres' 23505). */
function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code)
  return code.startsWith('SQLITE_CONSTRAINT') || code === '23505'
}

function toRecord(row: Row): NameRecord {
  const attributes = JSON.parse(row.attributes) as NameRecord['attributes'][number]
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    name: row.name,
    registered_at: iso(Number(row.registered_at)),
    updated_at: iso(Number(row.updated_at)),
    addresses: { [String(row.coin_type)]: { address: row.address, created: iso(Number(row.registered_at)) } },
    attributes: Object.keys(attributes).length ? [attributes] : [],
  }
}

/** The message's `attributes`: an optional `avatar` (https or data:image URL) and `bio`, nothing else. */
function readAttributes(value: unknown): Record<string, string> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProfileRefusal(400, 'InvalidMessage', 'attributes must be an object')
  const out: Record<string, string> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'avatar' && typeof entry === 'string' && entry.length <= 4096 && /^(https:\/\/\S+|data:image\/[a-z+.-]+[;,]\S*)$/i.test(entry)) out.avatar = entry
    else if (key === 'bio' && typeof entry === 'string' && entry.length <= 160) out.bio = entry
    else throw new ProfileRefusal(400, 'InvalidMessage', `attributes.${key.slice(0, 40)} is not accepted (avatar: an https or data:image URL; bio: at most 160 characters)`)
  }
  return out
}

/**
 * The server's name zone (spec §7, `/v1/profile/*`): names `<label>.<zone>` for EVM accounts,
 * kept in the server's storage (SQLite, or Postgres shared by several instances). A registration is the account's signature over `{ name, attributes, timestamp }`
 * (JSON), checked through the chain of its ENSIP-11 coin type (so EOAs, EIP-1271 contract
 * accounts and EIP-6492 accounts not deployed yet all work), fresh (`maxAgeSeconds`), used once,
 * for a free name and an address that has none; the owner may release it the same way.
 *
 * @example
 * const zone = createNameZone({ storage, zone: 'portico.id', chains })
 * await zone.register({ coin_type, address, message, signature })
 */
export function createNameZone({ storage, zone, chains, maxAgeSeconds = 600, now = () => Date.now(), verify = defaultVerify }: NameZoneOptions) {
  const suffix = `.${zone.toLowerCase()}`
  const columns = 'name, address, coin_type, attributes, registered_at, updated_at'
  const byName = async (name: string): Promise<Row | undefined> =>
    (await storage.query<Row>(`SELECT ${columns} FROM profile_names WHERE name = ?`, [name]))[0]
  const byAddress = (addressLower: string): Promise<Row[]> =>
    storage.query<Row>(`SELECT ${columns} FROM profile_names WHERE address_lower = ? ORDER BY registered_at`, [addressLower])
  const insertSql = 'INSERT INTO profile_names (name, address, address_lower, coin_type, attributes, registered_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
  const useSignatureSql = 'INSERT INTO profile_used_signatures (hash, used_at) VALUES (?, ?)'
  const usedSignature = async (hash: string): Promise<boolean> =>
    (await storage.query('SELECT hash FROM profile_used_signatures WHERE hash = ?', [hash])).length > 0

  /** `alice.portico.id` → its label, lower-cased; refuses names outside the zone or breaking the rule. */
  function labelOf(name: unknown): string {
    if (typeof name !== 'string' || name.length > 300) throw new ProfileRefusal(400, 'InvalidName', 'A name is required')
    const lower = name.toLowerCase()
    if (!lower.endsWith(suffix)) throw new ProfileRefusal(400, 'InvalidName', `Names end in ${suffix}`)
    const label = lower.slice(0, -suffix.length)
    const violation = nameRuleViolation(label)
    if (violation) throw new ProfileRefusal(400, 'InvalidName', violation)
    return label
  }

  /** Checks the signed request and returns what it says; throws a ProfileRefusal for anything wrong. */
  async function readSigned(body: NameRegistration, expect: 'register' | 'release') {
    if (typeof body !== 'object' || body === null) throw new ProfileRefusal(400, 'InvalidMessage', 'Send { coin_type, address, message, signature }')
    const chainId = coinTypeToChainId(body.coin_type)
    const chain = chainId === undefined ? undefined : chains.find((c) => c.caipNetworkId === `eip155:${chainId}`)
    if (!chain || chainId === undefined) throw new ProfileRefusal(400, 'UnsupportedNetwork', 'Names are not supported on this network')
    if (typeof body.address !== 'string' || !isAddress(body.address, { strict: false })) throw new ProfileRefusal(400, 'InvalidMessage', 'address must be an EVM address')
    if (typeof body.signature !== 'string' || !isHex(body.signature) || body.signature.length < 4 || body.signature.length > 20_000) throw new ProfileRefusal(400, 'InvalidMessage', 'signature must be hex')
    if (typeof body.message !== 'string' || body.message.length > 10_000) throw new ProfileRefusal(400, 'InvalidMessage', 'message must be the signed JSON text')
    let parsed: { name?: unknown; attributes?: unknown; timestamp?: unknown; release?: unknown }
    try {
      parsed = JSON.parse(body.message) as typeof parsed
    } catch {
      throw new ProfileRefusal(400, 'InvalidMessage', 'message is not JSON')
    }
    if (typeof parsed !== 'object' || parsed === null) throw new ProfileRefusal(400, 'InvalidMessage', 'message must be { name, attributes, timestamp }')
    if ((parsed.release === true) !== (expect === 'release')) throw new ProfileRefusal(400, 'InvalidMessage', expect === 'release' ? 'A release message says "release": true' : 'A registration message has no "release"')
    const label = labelOf(parsed.name)
    const attributes = expect === 'register' ? readAttributes(parsed.attributes) : {}
    const timestamp = parsed.timestamp
    if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) throw new ProfileRefusal(400, 'InvalidMessage', 'timestamp must be whole seconds since 1970')
    const age = Math.floor(now() / 1000) - timestamp
    if (age > maxAgeSeconds) throw new ProfileRefusal(400, 'StaleMessage', `The signed message is too old: it was signed ${age} s ago and the zone accepts at most ${maxAgeSeconds} s; sign it again`)
    if (age < -maxClockSkewSeconds) throw new ProfileRefusal(400, 'StaleMessage', `The signed message is dated ${-age} s in the future (at most ${maxClockSkewSeconds} s is allowed); check the device's clock and sign it again`)
    const hash = createHash('sha256').update(body.signature.toLowerCase()).digest('hex')
    if (await usedSignature(hash)) throw new ProfileRefusal(409, 'ReplayedMessage', 'This signed message was already used')
    const address = getAddress(body.address)
    let valid = false
    try {
      valid = await verify({ rpcUrl: chain.rpcUrl, chainId, address, message: body.message, signature: body.signature as Hex })
    } catch {
      valid = false
    }
    if (!valid) throw new ProfileRefusal(403, 'InvalidSignature', `The signature is not from ${address}, or the message was changed after signing`)
    return { name: `${label}${suffix}`, address, coinType: chainIdToCoinType(chainId), attributes, hash }
  }

  return {
    zone: zone.toLowerCase(),
    /** The record of a name, or undefined when it is free. Throws for a name outside the zone or the rule. */
    async lookup(name: string): Promise<NameRecord | undefined> {
      const label = labelOf(name)
      const row = await byName(`${label}${suffix}`)
      return row ? toRecord(row) : undefined
    },
    /** Every name of an address (one, unless none). */
    async reverse(address: string): Promise<NameRecord[]> {
      if (!isAddress(address, { strict: false })) throw new ProfileRefusal(400, 'InvalidMessage', 'address must be an EVM address')
      return (await byAddress(address.toLowerCase())).map(toRecord)
    },
    /** The asked name and a few free ones like it, each with whether it is taken. */
    async suggestions(name: string): Promise<{ name: string; registered: boolean }[]> {
      const raw = name.toLowerCase().endsWith(suffix) ? name.toLowerCase().slice(0, -suffix.length) : name.toLowerCase()
      const label = raw.replace(/[^a-z0-9-]/g, '').slice(0, 56)
      if (!label) throw new ProfileRefusal(400, 'InvalidName', 'A name may use only letters, digits and hyphens')
      const base = label.length >= 4 ? label : label.padEnd(4, '0')
      const candidates = [base, `${base}-id`, `${base}-web3`, `${base}${new Date(now()).getUTCFullYear() % 100}`, `the-${base}`, `${base}-x`]
      const out: { name: string; registered: boolean }[] = []
      for (const candidate of new Set(candidates)) {
        if (nameRuleViolation(candidate)) continue
        const full = `${candidate}${suffix}`
        out.push({ name: full, registered: Boolean(await byName(full)) })
      }
      return out
    },
    /** Registers a name for the signer; returns its record. */
    async register(body: NameRegistration): Promise<NameRecord> {
      const signed = await readSigned(body, 'register')
      const taken = await byName(signed.name)
      if (taken) throw new ProfileRefusal(409, 'NameTaken', `${signed.name} is already registered`)
      const own = (await byAddress(signed.address.toLowerCase()))[0]
      if (own) throw new ProfileRefusal(409, 'AddressHasName', `This address already has a name (${own.name}); release it first`)
      const at = now()
      try {
        await storage.transaction(async (tx) => {
          await tx.run(useSignatureSql, [signed.hash, at])
          await tx.run(insertSql, [signed.name, signed.address, signed.address.toLowerCase(), signed.coinType, JSON.stringify(signed.attributes), at, at])
        })
      } catch (error) {
        // Two registrations raced past the checks above (on one instance or two): the database's keys decide.
        if (isUniqueViolation(error)) throw new ProfileRefusal(409, 'NameTaken', `${signed.name} is already registered, or this address already has a name`)
        throw error
      }
      return toRecord((await byName(signed.name)) as Row)
    },
    /** Releases a name its owner signed `{ name, timestamp, release: true }` for. */
    async release(body: NameRegistration): Promise<{ name: string; released: true }> {
      const signed = await readSigned(body, 'release')
      const row = await byName(signed.name)
      if (!row) throw new ProfileRefusal(404, 'NotFound', `${signed.name} is not registered`)
      if (row.address.toLowerCase() !== signed.address.toLowerCase()) throw new ProfileRefusal(403, 'NotOwner', 'Only the owner may release a name')
      try {
        await storage.transaction(async (tx) => {
          await tx.run(useSignatureSql, [signed.hash, now()])
          await tx.run('DELETE FROM profile_names WHERE name = ?', [signed.name])
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ProfileRefusal(409, 'ReplayedMessage', 'This signed message was already used')
        throw error
      }
      return { name: signed.name, released: true }
    },
  }
}
