import { afterEach, describe, expect, it } from 'vitest'
import { formatRestoreHint, InvalidOptionError, readRestoreHint, restoreCookieMaxAge, restoreHintLimits, type Portico } from '../../kernel/kernel.js'
import { createTestPortico, memoryStorage, newWallet, testChain } from './helpers/testKit.js'

const instances: Portico[] = []
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
