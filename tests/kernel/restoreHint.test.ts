import { afterEach, describe, expect, it } from 'vitest'
import {
  createPortico,
  formatRestoreHint,
  InvalidOptionError,
  isRestoreHint,
  readRestoreHint,
  restoreCookieMaxAge,
  restoreHintLimits,
  StorageValueDroppedError,
  type Portico,
  type PorticoHandle,
} from '../../kernel/kernel.js'
import { addressA, addressB, createTestPortico, evmA, evmB, memoryStorage, newWallet, testChain } from './helpers/testKit.js'

const instances: (Portico | PorticoHandle)[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

/** A cookie jar like `document`: records every cookie string written. */
function recordingJar() {
  const writes: string[] = []
  return {
    writes,
    get cookie() {
      return writes.join('\n')
    },
    set cookie(value: string) {
      writes.push(value)
    },
  }
}

describe('readRestoreHint (Node, no DOM)', () => {
  it('reads the hint among other cookies, and round-trips what the kernel writes', () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
    expect(readRestoreHint('theme=dark; portico.restore=eip155=dev.portico.wallet; sid=abc')).toEqual({ connections: { eip155: { connectorId: 'dev.portico.wallet' } } })
    const hint = { connections: { eip155: { connectorId: 'io.metamask' }, solana: { connectorId: 'wallet:Phantom/1?x=y&z' } } }
    const value = formatRestoreHint(hint)
    // Only characters a cookie value may hold (RFC 6265 cookie-octet).
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/)
    expect(readRestoreHint(`portico.restore=${value}`)).toEqual(hint)
    expect(readRestoreHint(`x.restore=${value}`, { name: 'x.restore' })).toEqual(hint)
    expect(readRestoreHint(`portico.restore=${value}`, { name: 'x.restore' })).toBeUndefined()
  })

  it('gives undefined for missing, garbage, hostile and oversized values, and never throws', () => {
    const bad: unknown[] = [
      undefined,
      null,
      42,
      {},
      '',
      'sid=abc',
      'portico.restore=',
      'portico.restore=eip155',
      'portico.restore==dev.portico.wallet',
      'portico.restore=eip155=',
      'portico.restore=%E0%A4%A=x',
      'portico.restore=eip155=%E0%A4%A',
      'portico.restore=EIP155=x',
      'portico.restore=__proto__=x',
      'portico.restore=eip155=a&eip155=b',
      'portico.restore=eip155=a%20b',
      'portico.restore=eip155=%3Cscript%3E%0A',
      'portico.restore="eip155=a"',
      'portico.restore=eip155=a; portico.restore=solana=b',
      `portico.restore=eip155=${'a'.repeat(restoreHintLimits.connectorId + 1)}`,
      `portico.restore=${Array.from({ length: restoreHintLimits.namespaces + 1 }, (_, i) => `ns${String(i).padStart(3, '0')}=x`).join('&')}`,
      `portico.restore=eip155=${'%41'.repeat(restoreHintLimits.value)}`,
      `${'a=b; '.repeat(restoreHintLimits.header / 5)}portico.restore=eip155=x`,
    ]
    for (const header of bad) expect(readRestoreHint(header), String(header).slice(0, 80)).toBeUndefined()
    // Nothing the hint carries reaches an object's prototype.
    expect(Object.getPrototypeOf(readRestoreHint('portico.restore=eip155=x')!.connections)).toBe(Object.prototype)
  })
})

describe('the restore cookie', () => {
  it('is written on connect and restore, renewed, and removed on disconnect, with nothing secret in it', async () => {
    const jar = recordingJar()
    const { portico, storage } = createTestPortico({ restoreCookie: { jar } })
    instances.push(portico)
    await portico.ready()
    // Nothing stored: the load removes any stale cookie.
    expect(jar.writes).toEqual(['portico.restore=; Path=/; Max-Age=0; SameSite=Lax'])
    await portico.connect({ namespace: 'eip155', connectorId: 'test.wallet' })
    expect(jar.writes.at(-1)).toBe(`portico.restore=eip155=test.wallet; Path=/; Max-Age=${restoreCookieMaxAge}; SameSite=Lax`)
    expect(jar.cookie).not.toContain('0xf39F')
    expect(readRestoreHint(jar.writes.at(-1)!.split(';')[0])).toEqual({ connections: { eip155: { connectorId: 'test.wallet' } } })

    // The next load restores it and renews the cookie.
    const second = recordingJar()
    const again = createTestPortico({ storage, restoreCookie: { jar: second, maxAge: 3600 } }).portico
    instances.push(again)
    await again.ready()
    expect(again.stores.connections.status('eip155')).toBe('connected')
    expect([...new Set(second.writes)]).toEqual(['portico.restore=eip155=test.wallet; Path=/; Max-Age=3600; SameSite=Lax'])
    await again.disconnect()
    expect(second.writes.at(-1)).toBe('portico.restore=; Path=/; Max-Age=0; SameSite=Lax')
  })

  it('is removed when the stored connection cannot be restored, or reconnecting is off', async () => {
    const stored = { '@portico/connections': JSON.stringify({ eip155: { connectorId: 'test.wallet' } }) }
    const jar = recordingJar()
    const gone = createTestPortico({ storage: memoryStorage(stored), restoreCookie: { jar } }, newWallet({ accounts: [] })).portico
    instances.push(gone)
    await gone.ready()
    expect(gone.stores.connections.status('eip155')).toBe('disconnected')
    expect(jar.writes).toEqual(['portico.restore=; Path=/; Max-Age=0; SameSite=Lax'])

    const off = recordingJar()
    const noReconnect = createTestPortico({ storage: memoryStorage(stored), restoreCookie: { jar: off }, enableReconnect: false }).portico
    instances.push(noReconnect)
    await noReconnect.ready()
    expect(off.writes).toEqual(['portico.restore=; Path=/; Max-Age=0; SameSite=Lax'])
  })

  it('is marked Secure on https, and is not written without the option', async () => {
    const location = Object.getOwnPropertyDescriptor(globalThis, 'location')
    Object.defineProperty(globalThis, 'location', { value: { protocol: 'https:' }, configurable: true })
    try {
      const jar = recordingJar()
      const { portico } = createTestPortico({ restoreCookie: { jar } })
      instances.push(portico)
      await portico.connect({ namespace: 'eip155', connectorId: 'test.wallet' })
      expect(jar.writes.at(-1)).toMatch(/; SameSite=Lax; Secure$/)
    } finally {
      if (location) Object.defineProperty(globalThis, 'location', location)
      else delete (globalThis as { location?: unknown }).location
    }
    // Without `restoreCookie` (and with no document in Node), nothing is written anywhere.
    const { portico } = createTestPortico()
    instances.push(portico)
    await portico.connect({ namespace: 'eip155', connectorId: 'test.wallet' })
    expect(portico.options.restoreCookie).toBeUndefined()
  })

  it('a jar that throws is reported, and the connection still stands', async () => {
    const errors: string[] = []
    const jar = {
      get cookie() {
        return ''
      },
      set cookie(_: string) {
        throw new Error('cookies blocked')
      },
    }
    const { portico } = createTestPortico({ restoreCookie: { jar } })
    instances.push(portico)
    portico.hooks.error.tap('test', ({ error }) => void errors.push(error.shortMessage))
    await portico.connect({ namespace: 'eip155', connectorId: 'test.wallet' })
    expect(portico.stores.connections.status('eip155')).toBe('connected')
    expect(errors).toContain('Unexpected error')
  })

  it('refuses malformed restore options with a typed error', () => {
    const make = (options: object) => () => createTestPortico({ plugins: [testChain('eip155', newWallet())], ...options })
    expect(make({ restoreCookie: 'yes' })).toThrow(InvalidOptionError)
    expect(make({ restoreCookie: { maxAge: 10 } })).toThrow('Invalid option `restoreCookie.maxAge`')
    expect(make({ restoreCookie: { maxAge: 1.5e9 } })).toThrow('Invalid option `restoreCookie.maxAge`')
    expect(make({ restoreCookie: { jar: 'document' } })).toThrow('Invalid option `restoreCookie.jar`')
    expect(make({ restoreHint: { connections: { eip155: 'io.metamask' } } })).toThrow('Invalid option `restoreHint`')
    expect(make({ restoreHint: { eip155: { connectorId: 'x' } } })).toThrow(InvalidOptionError)
    expect(() => instances.push(make({ restoreCookie: true, restoreHint: readRestoreHint('portico.restore=eip155=x') })().portico)).not.toThrow()
  })
})

/** A jar like a browser's: a write with `Max-Age=0` removes the cookie, any other sets it. */
function browserJar(initial = '') {
  const writes: string[] = []
  let value = initial
  return {
    writes,
    get cookie() {
      return value
    },
    set cookie(written: string) {
      writes.push(written)
      value = /Max-Age=0/.test(written) ? '' : (written.split(';')[0] as string)
    },
  }
}

const storedA = { '@portico/connections': JSON.stringify({ eip155: { connectorId: 'test.wallet' } }) }
/** What a visit with `restoreCookie: { account: true }` left: the connection with its account, stored and in the cookie. */
const storedWithAccount = (caipAddress: string) => ({ '@portico/connections': JSON.stringify({ eip155: { connectorId: 'test.wallet', caipAddress } }) })
const cookieA = `portico.restore=eip155=test.wallet:${encodeURIComponent(`eip155:1:${addressA}`)}`

describe('the restore cookie with the account (restoreCookie: { account: true })', () => {
  it('round-trips the account; a hostile or corrupt account drops the whole hint, reported, never read', () => {
    const hint = { connections: { eip155: { connectorId: 'io.metamask', caipAddress: `eip155:1:${addressA}` as const }, solana: { connectorId: 'app.phantom' } } }
    const value = formatRestoreHint(hint)
    expect(value).toBe(`eip155=io.metamask:eip155%3A1%3A${addressA}&solana=app.phantom`)
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/)
    expect(readRestoreHint(`sid=1; portico.restore=${value}`)).toEqual(hint)

    const hostile = [
      `eip155=x:${encodeURIComponent('eip155:1:<b>Send to me</b>')}`,
      `eip155=x:${encodeURIComponent('eip155:1:0xnothex000000000000000000000000000000000')}`,
      `eip155=x:${encodeURIComponent(`solana:1:${addressA}`)}`,
      `eip155=x:${encodeURIComponent(`eip155:1:${addressA} `)}`,
      `eip155=x:${encodeURIComponent(`eip155:1:${addressA}`)}:more`,
      `eip155=x:${encodeURIComponent(`eip155:1:2:${addressA}`)}`,
      `eip155=x:${encodeURIComponent(`eip155::${addressA}`)}`,
      `eip155=x:`,
      `solana=x:${encodeURIComponent(`solana:5eykt:${'A'.repeat(129)}`)}`,
      `solana=x:${encodeURIComponent('solana:5eykt:ab.cd-efgh')}`,
      `eip155=x:%E0%A4%A`,
    ]
    for (const bad of hostile) {
      const errors: unknown[] = []
      expect(readRestoreHint(`portico.restore=${bad}`, { onError: (error) => void errors.push(error) }), bad).toBeUndefined()
      expect(errors, bad).toHaveLength(1)
      expect(errors[0]).toBeInstanceOf(StorageValueDroppedError)
      expect((errors[0] as StorageValueDroppedError).key).toBe('portico.restore')
    }
    // A well-formed account of another namespace (letters and digits) is read.
    expect(readRestoreHint(`portico.restore=solana=x:${encodeURIComponent('solana:5eykt:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')}`)?.connections.solana?.caipAddress).toBe('solana:5eykt:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')
    // No cookie, or one being removed, is not an error; doubled is.
    const errors: unknown[] = []
    const onError = (error: unknown) => void errors.push(error)
    expect(readRestoreHint('sid=1', { onError })).toBeUndefined()
    expect(readRestoreHint('portico.restore=', { onError })).toBeUndefined()
    expect(errors).toEqual([])
    expect(readRestoreHint('portico.restore=eip155=a; portico.restore=eip155=b', { onError })).toBeUndefined()
    expect(errors).toHaveLength(1)
    // A throwing callback changes nothing.
    expect(readRestoreHint('portico.restore=%%', { onError: () => { throw new Error('site') } })).toBeUndefined()
    // The option is checked the same way.
    expect(isRestoreHint({ connections: { eip155: { connectorId: 'x', caipAddress: 'eip155:1:java script' } } })).toBe(false)
    expect(() => createTestPortico({ restoreHint: { connections: { eip155: { connectorId: 'x', caipAddress: 'eip155:1:0x12' } } } })).toThrow('Invalid option `restoreHint`')
    expect(() => createTestPortico({ restoreCookie: { account: 'yes' as never } })).toThrow('Invalid option `restoreCookie.account`')
  })

  it('keeps the account in the cookie, and follows the wallet to another account or chain', async () => {
    const jar = browserJar()
    const { portico } = createTestPortico({ restoreCookie: { jar, account: true } })
    instances.push(portico)
    await portico.connect({ namespace: 'eip155', connectorId: 'test.wallet' })
    expect(jar.writes.at(-1)).toBe(`${cookieA}; Path=/; Max-Age=${restoreCookieMaxAge}; SameSite=Lax`)
    portico.reportAccountsChanged('eip155', [addressB])
    expect(readRestoreHint(jar.cookie)?.connections.eip155?.caipAddress).toBe(`eip155:1:${addressB}`)
    portico.reportChainChanged('eip155', 'eip155:2')
    expect(readRestoreHint(jar.cookie)?.connections.eip155?.caipAddress).toBe(`eip155:2:${addressB}`)
    await portico.disconnect()
    expect(jar.cookie).toBe('')
    // Without `account`, the address never reaches the cookie, and a change of account writes nothing.
    const plain = browserJar()
    const off = createTestPortico({ restoreCookie: { jar: plain } }).portico
    instances.push(off)
    await off.connect({ namespace: 'eip155', connectorId: 'test.wallet' })
    const writes = plain.writes.length
    off.reportAccountsChanged('eip155', [addressB])
    expect(plain.writes).toHaveLength(writes)
    expect(plain.cookie).toBe('portico.restore=eip155=test.wallet')
  })

  it('a returning visitor: the startup state and the kernel carry the account while connecting, then the wallet confirms it', async () => {
    const jar = browserJar(`sid=1; ${cookieA}`)
    const storage = memoryStorage(storedWithAccount(`eip155:1:${addressA}`))
    const handle = createPortico({ projectId: 'test', networks: [evmA, evmB], plugins: [testChain('eip155', newWallet())], storage, restoreCookie: { jar, account: true }, endpoints: { api: 'http://127.0.0.1:9' } })
    instances.push(handle)
    // Before the kernel loads: connecting, with the kept account.
    expect(handle.getState().connections.eip155).toEqual({ status: 'connecting', connectorId: 'test.wallet', address: addressA, caipAddress: `eip155:1:${addressA}` })
    const seen: unknown[] = []
    handle.onLoad((kernel) => {
      seen.push(kernel.getState().connections.eip155)
      kernel.subscribe('state', (state) => void seen.push(state.connections.eip155))
    })
    await handle.ready()
    // The kernel starts from the same (no "Connecting…" between the handle and the kernel), then the wallet's answer.
    expect(seen[0]).toEqual({ status: 'connecting', connectorId: 'test.wallet', address: addressA, caipAddress: `eip155:1:${addressA}` })
    expect(seen.every((c) => (c as { address?: string }).address === addressA)).toBe(true)
    expect(seen.at(-1)).toMatchObject({ status: 'connected', address: addressA })
    expect(readRestoreHint(jar.cookie)?.connections.eip155?.caipAddress).toBe(`eip155:1:${addressA}`)
    expect(JSON.parse(storage.data.get('@portico/connections') ?? '{}')).toEqual({ eip155: { connectorId: 'test.wallet', caipAddress: `eip155:1:${addressA}` } })
  })

  it('the wallet answers another account: the state and the cookie follow it; it answers none: both go', async () => {
    const jar = browserJar(cookieA)
    const { portico, storage } = createTestPortico({ storage: memoryStorage(storedWithAccount(`eip155:1:${addressA}`)), restoreCookie: { jar, account: true } }, newWallet({ accounts: [addressB] }))
    instances.push(portico)
    expect(portico.getState().connections.eip155).toMatchObject({ status: 'connecting', address: addressA })
    const seen: (string | undefined)[] = []
    portico.subscribe('state', (state) => void seen.push(`${state.connections.eip155?.status} ${state.connections.eip155?.address}`))
    await portico.ready()
    // From the kept account to the wallet's, nothing else between.
    expect(seen).toEqual([`connected ${addressB}`])
    expect(readRestoreHint(jar.cookie)?.connections.eip155?.caipAddress).toBe(`eip155:1:${addressB}`)
    expect(storage.data.get('@portico/connections')).toContain(addressB)

    const gone = browserJar(cookieA)
    const none = createTestPortico({ storage: memoryStorage(storedWithAccount(`eip155:1:${addressA}`)), restoreCookie: { jar: gone, account: true } }, newWallet({ accounts: [] })).portico
    instances.push(none)
    expect(none.getState().connections.eip155).toMatchObject({ status: 'connecting', address: addressA })
    await none.ready()
    expect(none.getState().connections.eip155).toEqual({ status: 'disconnected' })
    expect(gone.cookie).toBe('')
  })

  it('a malformed stored account is dropped and reported, never shown; the option off shows no account', async () => {
    const hostile = storedWithAccount('eip155:1:<img src=x>')
    const handle = createPortico({ projectId: 'test', networks: [evmA], plugins: [testChain('eip155', newWallet())], storage: memoryStorage(hostile), restoreCookie: { jar: browserJar(), account: true }, endpoints: { api: 'http://127.0.0.1:9' } })
    instances.push(handle)
    const reported: unknown[] = []
    handle.subscribe('event', (event) => {
      if (event.event === 'ERROR') reported.push(event.properties)
    })
    // Never shown: the restore goes on as without the account.
    expect(handle.getState().connections.eip155).toEqual({ status: 'connecting', connectorId: 'test.wallet' })
    await handle.ready()
    expect(reported).toEqual([expect.objectContaining({ code: 'STORAGE_VALUE_DROPPED', action: 'storage' })])
    expect(handle.getState().connections.eip155).toMatchObject({ status: 'connected', address: addressA })
    // The kernel on its own reads it the same way; an account of another namespace is as bad.
    for (const bad of [hostile, storedWithAccount(`solana:1:${addressA}`), storedWithAccount(`eip155:1:0x${'z'.repeat(40)}`)]) {
      const direct = createTestPortico({ storage: memoryStorage(bad), restoreCookie: { jar: browserJar(), account: true } }).portico
      instances.push(direct)
      expect(direct.getState().connections.eip155).toEqual({ status: 'connecting', connectorId: 'test.wallet' })
    }
    // The option off: a stored account (a site that turned it off since) is not shown, and goes at the next write.
    const jar = browserJar()
    const { portico: off, storage } = createTestPortico({ storage: memoryStorage(storedWithAccount(`eip155:1:${addressA}`)), restoreCookie: { jar } })
    instances.push(off)
    expect(off.getState().connections.eip155).toEqual({ status: 'connecting', connectorId: 'test.wallet' })
    await off.ready()
    expect(storage.data.get('@portico/connections')).toBe(JSON.stringify({ eip155: { connectorId: 'test.wallet' } }))
    expect(jar.cookie).toBe('portico.restore=eip155=test.wallet')
  })
})
