import { configure } from 'mobx'
import { describe, expect, it } from 'vitest'
import { AuthFrameError, InvalidCodeError, InvalidEmailError, PopupClosedError, SocialConnectionError } from '../../../plugins/auth/errors.js'
import type { AuthState, SocialCallbackMessage } from '../../../plugins/auth/protocol.js'
import { AuthStore, popupPollMs, type AuthFrameRequester, type PopupWindow } from '../../../plugins/auth/store/AuthStore.js'

configure({ enforceActions: 'observed' })

const loggedIn: AuthState = {
  user: { id: 'email:alice@example.com', provider: 'email', email: 'alice@example.com' },
  accounts: { eip155: '0x0000000000000000000000000000000000000001', solana: '11111111111111111111111111111111' },
}

function manualClock(start = 1_000_000) {
  let now = start
  let timers: { at: number; fn: () => void; id: number }[] = []
  let next = 1
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++
      timers.push({ at: now + ms, fn, id })
      return id
    },
    clearTimeout: (id: unknown) => void (timers = timers.filter((t) => t.id !== id)),
    async advance(ms: number) {
      now += ms
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0]
        if (!due) break
        timers = timers.filter((t) => t !== due)
        due.fn()
        await flush()
      }
    },
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0))

type Call = { method: string; params?: unknown }

function makeStore(answers: Record<string, (params: any) => unknown>) {
  const calls: Call[] = []
  const client: AuthFrameRequester = {
    request: (async (method: string, params?: unknown) => {
      calls.push({ method, ...(params === undefined ? {} : { params }) })
      const answer = answers[method]
      if (!answer) throw new AuthFrameError({ code: 'UNSUPPORTED_METHOD', message: method })
      return answer(params)
    }) as AuthFrameRequester['request'],
  }
  const clock = manualClock()
  const logins: AuthState[] = []
  const listeners = new Set<(m: SocialCallbackMessage) => void>()
  const placed: unknown[] = []
  const store = new AuthStore({
    client: async () => client,
    clock,
    onLogin: async (state) => void logins.push(state),
    listenSocial: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    placeFrame: (rect) => void placed.push(rect),
  })
  return { store, calls, clock, logins, placed, post: (m: SocialCallbackMessage) => [...listeners].forEach((l) => l(m)), listeners }
}

function popup(): PopupWindow & { closed: boolean; closes: number } {
  return {
    closed: false,
    closes: 0,
    location: { href: 'about:blank' },
    close() {
      this.closed = true
      this.closes++
    },
  }
}

describe('AuthStore: email login', () => {
  it('goes idle → sendingCode → codeSent (with expiresAt / resendAfter) → verifying → connected', async () => {
    const { store, calls, logins } = makeStore({
      emailStart: () => ({ expiresAt: 1_600_000, resendAfter: 1_030_000 }),
      emailVerify: () => loggedIn,
    })
    expect(store.phase).toBe('idle')
    const sending = store.startEmail('  alice@example.com ')
    expect(store.phase).toBe('sendingCode')
    expect(await sending).toBe(true)
    expect(store.phase).toBe('codeSent')
    expect(store.email).toBe('alice@example.com')
    expect(store.codeSent).toEqual({ expiresAt: 1_600_000, resendAfter: 1_030_000 })
    const verifying = store.verifyCode('123 456')
    expect(store.phase).toBe('verifying')
    expect(await verifying).toBe(true)
    expect(store.phase).toBe('connected')
    expect(store.loggedIn).toBe(true)
    expect(store.user?.email).toBe('alice@example.com')
    expect(logins).toEqual([loggedIn])
    expect(calls).toEqual([
      { method: 'emailStart', params: { email: 'alice@example.com' } },
      { method: 'emailVerify', params: { code: '123456' } },
    ])
  })

  it('refuses a bad email or code before asking the frame, keeping the typed email', async () => {
    const { store, calls } = makeStore({})
    expect(await store.startEmail('alice@')).toBe(false)
    expect(store.error).toBeInstanceOf(InvalidEmailError)
    expect(store.error?.shortMessage).toBe('Enter a valid email address')
    expect(await store.verifyCode('12345')).toBe(false)
    expect(store.error).toBeInstanceOf(InvalidCodeError)
    expect(calls).toEqual([])
    expect(store.phase).toBe('idle')
  })

  it('a wrong code keeps the code entry with the attempts left; RATE_LIMITED keeps the visitor on the email field', async () => {
    const { store } = makeStore({
      emailStart: () => {
        throw new AuthFrameError({ code: 'RATE_LIMITED', message: 'Slow down', data: { retryAfter: 20 } })
      },
    })
    expect(await store.startEmail('alice@example.com')).toBe(false)
    expect(store.phase).toBe('idle')
    expect(store.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 20 })

    const second = makeStore({
      emailStart: () => ({ expiresAt: 2, resendAfter: 1 }),
      emailVerify: () => {
        throw new AuthFrameError({ code: 'WRONG_CODE', message: 'Wrong code', data: { attemptsLeft: 2 } })
      },
    })
    await second.store.startEmail('alice@example.com')
    expect(await second.store.verifyCode('000000')).toBe(false)
    expect(second.store.phase).toBe('codeSent')
    expect(second.store.error).toMatchObject({ code: 'WRONG_CODE', attemptsLeft: 2 })
    expect(second.store.loggedIn).toBe(false)
  })

  it('resends to the same address', async () => {
    const { store, calls } = makeStore({ emailStart: () => ({ expiresAt: 2, resendAfter: 1 }) })
    await store.startEmail('alice@example.com')
    await store.resendCode()
    expect(calls.map((c) => c.params)).toEqual([{ email: 'alice@example.com' }, { email: 'alice@example.com' }])
  })
})

describe('AuthStore: social login', () => {
  it('a blocked popup fails with "Failed to initiate social connection" and asks the frame nothing', async () => {
    const { store, calls } = makeStore({})
    expect(await store.startSocial('google', null)).toBe(false)
    expect(store.error).toBeInstanceOf(SocialConnectionError)
    expect(store.error?.shortMessage).toBe('Failed to initiate social connection')
    expect(store.phase).toBe('idle')
    expect(calls).toEqual([])
  })

  it('navigates the popup to the frame URL, then redeems the ticket the callback posts', async () => {
    const { store, calls, post, logins, listeners } = makeStore({
      socialStart: ({ provider }: { provider: string }) => ({ url: `http://127.0.0.1:4711/auth/v1/social/${provider}/start?challenge=x` }),
      socialFinish: () => ({ ...loggedIn, user: { id: 'github:1', provider: 'github', handle: '@alice' } }),
    })
    const window = popup()
    const done = store.startSocial('github', window)
    expect(store.phase).toBe('socialPopup')
    await flush()
    expect(window.location.href).toBe('http://127.0.0.1:4711/auth/v1/social/github/start?challenge=x')
    post({ type: 'portico-auth:social', ticket: 'ticket-1' })
    expect(await done).toBe(true)
    expect(store.phase).toBe('connected')
    expect(store.user?.handle).toBe('@alice')
    expect(logins).toHaveLength(1)
    expect(calls.map((c) => c.method)).toEqual(['socialStart', 'socialFinish'])
    expect(calls[1]?.params).toEqual({ ticket: 'ticket-1' })
    expect(listeners.size).toBe(0)
  })

  it('a popup closed without an answer gives "Popup closed": checked every 1000 ms, closed on two checks in a row', async () => {
    const { store, clock } = makeStore({ socialStart: () => ({ url: 'http://127.0.0.1:4711/auth/v1/social/google/start' }) })
    const window = popup()
    const done = store.startSocial('google', window)
    await flush()
    await clock.advance(popupPollMs)
    expect(store.phase).toBe('socialPopup')
    window.closed = true
    // The first check that sees it closed leaves the answer one more period to arrive.
    await clock.advance(popupPollMs)
    expect(store.phase).toBe('socialPopup')
    await clock.advance(popupPollMs - 1)
    expect(store.phase).toBe('socialPopup')
    await clock.advance(1)
    expect(await done).toBe(false)
    expect(store.error).toBeInstanceOf(PopupClosedError)
    expect(store.error?.shortMessage).toBe('Popup closed')
    expect(store.phase).toBe('idle')
  })

  it('an answer that arrives after the popup was seen closed still logs the visitor in (the callback posts, then closes itself)', async () => {
    const { store, clock, post } = makeStore({ socialStart: () => ({ url: 'http://127.0.0.1:4711/x' }), socialFinish: () => loggedIn })
    const window = popup()
    const done = store.startSocial('google', window)
    await flush()
    window.closed = true
    await clock.advance(popupPollMs)
    expect(store.phase).toBe('socialPopup')
    post({ type: 'portico-auth:social', ticket: 'ticket-late' })
    expect(await done).toBe(true)
    expect(store.error).toBeUndefined()
    expect(store.phase).toBe('connected')
  })

  it("the provider's error message is shown, and the popup is closed", async () => {
    const { store, post } = makeStore({ socialStart: () => ({ url: 'http://127.0.0.1:4711/x' }) })
    const window = popup()
    const done = store.startSocial('discord', window)
    await flush()
    post({ type: 'portico-auth:social', error: { code: 'access_denied', message: 'The user denied access' } })
    expect(await done).toBe(false)
    expect(store.error).toMatchObject({ code: 'PROVIDER_ERROR', shortMessage: 'The user denied access' })
    expect(window.closes).toBe(1)
  })

  it('a socialStart answer that is not an http(s) URL never reaches the popup', async () => {
    const { store } = makeStore({ socialStart: () => ({ url: 'javascript:alert(1)' }) })
    const window = popup()
    expect(await store.startSocial('google', window)).toBe(false)
    expect(window.location.href).toBe('about:blank')
    expect(store.error?.shortMessage).toBe('Failed to initiate social connection')
  })

  it('cancelSocial drops the login in progress: a later ticket is not redeemed', async () => {
    const { store, calls, post } = makeStore({ socialStart: () => ({ url: 'http://127.0.0.1:4711/x' }), socialFinish: () => loggedIn })
    const done = store.startSocial('google', popup())
    await flush()
    store.cancelSocial()
    post({ type: 'portico-auth:social', ticket: 'late' })
    expect(await done).toBe(false)
    expect(store.error).toBeUndefined()
    expect(store.phase).toBe('idle')
    expect(calls.map((c) => c.method)).toEqual(['socialStart'])
  })
})

describe('AuthStore: export and email change', () => {
  it('REAUTH_REQUIRED asks for a fresh login first, then shows the export', async () => {
    let fresh = false
    const { store, calls } = makeStore({
      emailStart: () => ({ expiresAt: 2, resendAfter: 1 }),
      emailVerify: () => {
        fresh = true
        return loggedIn
      },
      showExport: () => {
        if (!fresh) throw new AuthFrameError({ code: 'REAUTH_REQUIRED', message: 'Log in again' })
        return null
      },
    })
    store.setSession(loggedIn)
    expect(await store.openExport()).toBe(false)
    expect(store.exportPhase).toBe('reauth')
    await store.startEmail('alice@example.com')
    await store.verifyCode('654321')
    expect(store.exportPhase).toBe('shown')
    expect(calls.map((c) => c.method)).toEqual(['showExport', 'emailStart', 'emailVerify', 'showExport'])
  })

  it('places the frame only while the export is shown, and hides it when the frame closes its screen', async () => {
    const { store, placed } = makeStore({ showExport: () => null, hideExport: () => null })
    store.setSession(loggedIn)
    store.placeFrame({ top: 1, left: 2, width: 3, height: 4 })
    await store.openExport()
    store.placeFrame({ top: 1, left: 2, width: 3, height: 4 })
    store.exportClosed()
    expect(placed).toEqual([undefined, { top: 1, left: 2, width: 3, height: 4 }, undefined])
    expect(store.exportPhase).toBe('hidden')
  })

  it('export and email change need a login ("Not connected to email or social")', async () => {
    const { store, calls } = makeStore({})
    expect(await store.openExport()).toBe(false)
    expect(store.exportError?.shortMessage).toBe('Not connected to email or social')
    expect(await store.startEmailChange('bob@example.com')).toBe(false)
    expect(store.changeError?.shortMessage).toBe('Not connected to email or social')
    expect(calls).toEqual([])
  })

  it('changes the email: code to the new address, then the user carries it', async () => {
    const { store, calls } = makeStore({
      emailChangeStart: () => ({ expiresAt: 5, resendAfter: 4 }),
      emailChangeVerify: () => ({ ...loggedIn, user: { ...loggedIn.user!, email: 'bob@example.com' } }),
    })
    store.setSession(loggedIn)
    expect(await store.startEmailChange('bob@example.com')).toBe(true)
    expect(store.changePhase).toBe('codeSent')
    expect(await store.verifyEmailChange('111111')).toBe(true)
    expect(store.changePhase).toBe('done')
    expect(store.user?.email).toBe('bob@example.com')
    expect(calls.map((c) => c.method)).toEqual(['emailChangeStart', 'emailChangeVerify'])
  })

  it('a session without user or accounts logs out', () => {
    const { store } = makeStore({})
    store.setSession(loggedIn)
    expect(store.phase).toBe('connected')
    store.setSession({})
    expect(store.loggedIn).toBe(false)
    expect(store.phase).toBe('idle')
  })
})

describe('AuthStore: protecting the recovery (issue 48)', () => {
  it('asks the frame for its recovery screen and keeps what it answers; "Not now" leaves it on the server', async () => {
    let answer: AuthState = { ...loggedIn, recovery: 'protected' }
    const { store, calls } = makeStore({ protectRecovery: () => answer })
    store.setSession({ ...loggedIn, recovery: 'server' })
    expect(store.recovery).toBe('server')
    expect(await store.protectRecovery()).toBe(true)
    expect(calls.map((c) => c.method)).toEqual(['protectRecovery'])
    expect([store.recovery, store.protectingRecovery, store.recoveryError]).toEqual(['protected', false, undefined])
    store.setSession({ ...loggedIn, recovery: 'server' })
    answer = { ...loggedIn, recovery: 'server' }
    expect(await store.protectRecovery()).toBe(false)
    expect(store.recovery).toBe('server')
  })

  it('a stale login is an error the profile shows; logged out it asks nothing; logout forgets the recovery', async () => {
    const { store, calls } = makeStore({
      protectRecovery: () => {
        throw new AuthFrameError({ code: 'REAUTH_REQUIRED', message: 'Log in again' })
      },
    })
    expect(await store.protectRecovery()).toBe(false)
    expect(calls).toEqual([])
    store.setSession({ ...loggedIn, recovery: 'server' })
    expect(await store.protectRecovery()).toBe(false)
    expect(store.recoveryError).toMatchObject({ code: 'REAUTH_REQUIRED' })
    store.setSession({})
    expect([store.recovery, store.recoveryError]).toEqual([undefined, undefined])
  })
})
