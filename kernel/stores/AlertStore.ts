import { makeAutoObservable } from 'mobx'
import { type Alert, type AlertCode, alerts, type Notice, type NoticeCode, notices } from '../errors/alerts.js'

export type ShownAlert = Alert | Notice | { code: 'WARNING'; shortMessage: string; longMessage: string }

/** Alerts APKT001–APKT010, each shown at most once per instance, and one-time warnings. */
export class AlertStore {
  /** Alerts in the order they were raised; the UI shows the newest. */
  shown: ShownAlert[] = []
  private seen = new Set<string>()

  constructor(private readonly debug: boolean) {
    makeAutoObservable<AlertStore, 'seen' | 'debug'>(this, { seen: false, debug: false }, { autoBind: true })
  }

  get current(): ShownAlert | undefined {
    return this.shown[this.shown.length - 1]
  }

  /** Raises an alert; returns false when it was shown before. */
  raise(code: AlertCode): boolean {
    if (this.seen.has(code)) return false
    this.seen.add(code)
    this.shown.push(alerts[code])
    return true
  }

  /** Shows a notice (it answers a visitor's action, so it shows each time; not twice in a row). */
  notice(code: NoticeCode): void {
    if (this.current?.code === code) return
    this.shown.push(notices[code])
  }

  /** A one-time warning for the site owner (e.g. a local option the project configuration overrides). */
  warn(message: string): boolean {
    const key = `warning:${message}`
    if (this.seen.has(key)) return false
    this.seen.add(key)
    this.shown.push({ code: 'WARNING', shortMessage: 'Configuration warning', longMessage: message })
    return true
  }

  /** A debug-only message: shown only when `debug` is on. */
  debugMessage(message: string): boolean {
    return this.debug ? this.warn(message) : false
  }

  dismiss(): void {
    this.shown.pop()
  }

  hasShown(code: AlertCode): boolean {
    return this.seen.has(code)
  }
}
