import { describe, expect, it } from 'vitest'
import { alertForMessage, alerts } from '../../kernel/kernel.js'
import { AlertStore } from '../../kernel/stores/AlertStore.js'
import { ToastStore } from '../../kernel/stores/ToastStore.js'

function fakeTimers() {
  let now = 0
  const timers: { at: number; fn: () => void; id: number }[] = []
  let next = 0
  return {
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++
      timers.push({ at: now + ms, fn, id })
      return id
    },
    clearTimeout: (id: unknown) => {
      const index = timers.findIndex((t) => t.id === id)
      if (index >= 0) timers.splice(index, 1)
    },
    advance(ms: number) {
      now += ms
      for (const timer of timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.fn()
      }
    },
  }
}

describe('toasts (spec §4)', () => {
  it('a new toast while one is open closes the old one and shows after 150 ms', () => {
    const clock = fakeTimers()
    const toasts = new ToastStore(clock)
    toasts.show({ message: 'first', variant: 'success' })
    expect(toasts).toMatchObject({ open: true, message: 'first' })
    toasts.show({ message: 'second', variant: 'error' })
    expect(toasts.open).toBe(false)
    clock.advance(149)
    expect(toasts.open).toBe(false)
    clock.advance(1)
    expect(toasts).toMatchObject({ open: true, message: 'second', variant: 'error' })
  })

  it('auto-closes, except loading toasts', () => {
    const clock = fakeTimers()
    const toasts = new ToastStore(clock)
    toasts.show({ message: 'done', variant: 'success' })
    clock.advance(2_500)
    expect(toasts.open).toBe(false)
    toasts.show({ message: 'waiting', variant: 'loading' })
    clock.advance(60_000)
    expect(toasts.open).toBe(true)
  })

  it('a swap in progress is replaced by the newest toast', () => {
    const clock = fakeTimers()
    const toasts = new ToastStore(clock)
    toasts.show({ message: 'a', variant: 'info' })
    toasts.show({ message: 'b', variant: 'info' })
    toasts.show({ message: 'c', variant: 'info' })
    clock.advance(150)
    expect(toasts.message).toBe('c')
  })
})

describe('alerts APKT001–APKT010', () => {
  it('has all ten with the spec names', () => {
    expect(Object.keys(alerts)).toEqual(['APKT001', 'APKT002', 'APKT003', 'APKT004', 'APKT005', 'APKT006', 'APKT007', 'APKT008', 'APKT009', 'APKT010'])
    expect(alerts.APKT002.shortMessage).toBe('Invalid App Configuration')
    expect(alerts.APKT010.shortMessage).toBe('Rate Limited')
  })

  it.each(Object.keys(alerts) as (keyof typeof alerts)[])('%s is shown once', (code) => {
    const store = new AlertStore(false)
    expect(store.raise(code)).toBe(true)
    expect(store.raise(code)).toBe(false)
    expect(store.shown).toHaveLength(1)
    expect(store.current?.code).toBe(code)
  })

  it('provider messages map to alerts; debug messages only in debug mode', () => {
    expect(alertForMessage('Unauthorized: origin not allowed')).toBe('APKT002')
    expect(alertForMessage('x JWT validation error: JWT Token is not yet valid')).toBe('APKT006')
    expect(alertForMessage('Unauthorized: invalid key')).toBe('APKT007')
    expect(alertForMessage('something else')).toBeUndefined()
    expect(alertForMessage(42)).toBeUndefined()
    expect(new AlertStore(false).debugMessage('x')).toBe(false)
    expect(new AlertStore(true).debugMessage('x')).toBe(true)
  })
})
