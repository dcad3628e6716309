import { type LedgerDevice, type LedgerDeviceActivity, type LedgerDeviceApp, type LedgerDeviceMode, createLedgerDevice } from './createLedgerDevice.js'
import { type LedgerHid, createLedgerHid } from './createLedgerHid.js'
import { renderLedgerPanel } from './renderLedgerPanel.js'

/** What the emulated Ledger exposes on `window.__porticoLedger` (docs/guides/hardware-wallets.md §4). */
export type LedgerDeviceHandle = Readonly<{
  setMode(mode: LedgerDeviceMode): void
  getMode(): LedgerDeviceMode
  openApp(app: LedgerDeviceApp): void
  setLocked(locked: boolean): void
  setBlindSigning(on: boolean): void
  /** The address at `path` for a namespace an installed app holds (checksummed hex for eip155, base58 for solana, …). */
  address(namespace: string, path: string): string
  /** What was shown for approval and the answers, oldest first. */
  activity(): LedgerDeviceActivity[]
  /** Beyond the contract: the screen's text now, whether a request waits, and the panel's buttons. */
  screen(): string
  isWaiting(): boolean
  approve(): boolean
  reject(): boolean
  /** Beyond the contract: the open app, and plugging the device in or out (WebHID `connect` / `disconnect`). */
  getApp(): LedgerDeviceApp
  setConnected(connected: boolean): void
}>

declare global {
  interface Window {
    __porticoLedger?: LedgerDeviceHandle
  }
}

/**
 * Puts the emulated Ledger Nano S Plus behind `navigator.hid` (a getter on `Navigator.prototype`,
 * so Ledger's `TransportWebHID` finds it; `requestDevice` resolves the device as the chooser would
 * after a pick), shows its panel and sets `window.__porticoLedger`. Installing twice is a no-op that
 * returns the first installation. A sandbox part: sites never ship it.
 *
 * @returns the handle, also set as `window.__porticoLedger`
 * @example
 * installLedgerDevice()
 * window.__porticoLedger.setMode('ask')
 */
export function installLedgerDevice(): LedgerDeviceHandle {
  const existing = window.__porticoLedger
  if (existing) return existing
  const device: LedgerDevice = createLedgerDevice()
  const hid: LedgerHid = createLedgerHid(device)
  Object.defineProperty(Navigator.prototype, 'hid', { configurable: true, enumerable: true, get: () => hid })
  const handle: LedgerDeviceHandle = Object.freeze({
    setMode: device.setMode,
    getMode: device.getMode,
    openApp: device.openApp,
    setLocked: device.setLocked,
    setBlindSigning: device.setBlindSigning,
    address: device.address,
    activity: device.activity,
    screen: device.screen,
    isWaiting: device.isWaiting,
    approve: device.approve,
    reject: device.reject,
    getApp: device.getApp,
    setConnected: (connected: boolean) => hid.setConnected(connected),
  })
  Object.defineProperty(window, '__porticoLedger', { value: handle, configurable: false, writable: false })
  renderLedgerPanel(document, device)
  return handle
}
