import type { LedgerDevice } from './createLedgerDevice.js'
import { ledgerAnswer } from './ledgerApdu.js'
import { createLedgerHidReader, encodeLedgerHidReports } from './ledgerHidFraming.js'

/** Ledger's USB vendor id. */
export const ledgerVendorId = 0x2c97
/** The Nano S Plus's product id (as the device reports it with its apps' interfaces). */
export const ledgerNanoSPlusProductId = 0x5011

/** An `inputreport` event, as WebHID dispatches it. */
export class LedgerInputReportEvent extends Event {
  readonly device: LedgerHidDevice
  readonly reportId: number
  readonly data: DataView
  constructor(device: LedgerHidDevice, data: DataView) {
    super('inputreport')
    this.device = device
    this.reportId = 0
    this.data = data
  }
}

/** A `connect` / `disconnect` event of `navigator.hid`. */
export class LedgerConnectionEvent extends Event {
  readonly device: LedgerHidDevice
  constructor(type: 'connect' | 'disconnect', device: LedgerHidDevice) {
    super(type)
    this.device = device
  }
}

/** The fake `HIDDevice`: the parts of WebHID's interface that Ledger's transport uses, and a few more. */
export type LedgerHidDevice = EventTarget & {
  readonly vendorId: number
  readonly productId: number
  readonly productName: string
  readonly collections: readonly { usagePage: number; usage: number; type: number; children: []; inputReports: []; outputReports: []; featureReports: [] }[]
  readonly opened: boolean
  open(): Promise<void>
  close(): Promise<void>
  forget(): Promise<void>
  sendReport(reportId: number, data: ArrayBufferView | ArrayBuffer): Promise<void>
  sendFeatureReport(reportId: number, data: ArrayBufferView | ArrayBuffer): Promise<void>
  receiveFeatureReport(reportId: number): Promise<DataView>
}

/** The fake `navigator.hid`, and the switches a test pulls. */
export type LedgerHid = EventTarget & {
  /** Resolves `[device]` as the chooser would after a pick; `[]` while unplugged (a chooser closed without one). */
  requestDevice(options?: { filters?: { vendorId?: number; productId?: number; usagePage?: number }[] }): Promise<LedgerHidDevice[]>
  getDevices(): Promise<LedgerHidDevice[]>
  /** Whether the page was allowed the device (a pick in the chooser). */
  readonly allowed: boolean
  /** Plugs the device in or pulls it out (fires `connect` / `disconnect`). */
  setConnected(connected: boolean): void
  readonly connected: boolean
  readonly device: LedgerHidDevice
}

function toBytes(data: ArrayBufferView | ArrayBuffer): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}

/**
 * Puts an emulated Ledger behind a fake WebHID: a `HIDDevice` (vendor 0x2c97, product 0x5011 "Nano S
 * Plus", usage page 0xffa0) that speaks Ledger's HID framing — each report written by `sendReport`
 * is reassembled into an APDU, the device's answer comes back as `inputreport` events of 64-byte
 * `DataView`s on the request's channel — and a `HID` whose `requestDevice` resolves the device as the
 * chooser would after a pick. Reads its reports without ever throwing: a malformed one gets a
 * status word.
 *
 * @example
 * const hid = createLedgerHid(createLedgerDevice())
 * globalThis.navigator = { hid } // then TransportWebHID.create()
 */
export function createLedgerHid(ledger: LedgerDevice): LedgerHid {
  let opened = false
  let connected = true
  let allowed = false
  const reader = createLedgerHidReader()
  const hid = new EventTarget() as LedgerHid

  const answer = (channel: number, message: Uint8Array) => {
    for (const report of encodeLedgerHidReports(channel, message)) {
      // A fresh 64-byte buffer per report: the transport reads `event.data.buffer` whole.
      const data = new DataView(report.slice().buffer)
      setTimeout(() => {
        if (opened && connected) device.dispatchEvent(new LedgerInputReportEvent(device, data))
      }, 0)
    }
  }

  const device = Object.assign(new EventTarget(), {
    vendorId: ledgerVendorId,
    productId: ledgerNanoSPlusProductId,
    productName: 'Nano S Plus',
    collections: Object.freeze([{ usagePage: 0xffa0, usage: 0x01, type: 1, children: [], inputReports: [], outputReports: [], featureReports: [] }]),
    get opened() {
      return opened
    },
    async open() {
      if (!connected) throw new DOMException('Failed to open the device.', 'NotFoundError')
      opened = true
    },
    async close() {
      opened = false
    },
    async forget() {
      opened = false
      allowed = false
    },
    async sendReport(reportId: number, data: ArrayBufferView | ArrayBuffer) {
      if (!connected) throw new DOMException('Failed to write the report.', 'NotAllowedError')
      if (!opened) throw new DOMException('The device must be opened first.', 'InvalidStateError')
      if (reportId !== 0) throw new DOMException('Failed to write the report.', 'NotAllowedError')
      const result = reader.push(toBytes(data).slice())
      if (result.kind === 'invalid') answer(result.channel, ledgerAnswer(result.statusWord))
      else if (result.kind === 'complete') {
        const channel = result.channel
        void ledger.exchange(result.message).then((reply) => {
          if (connected) answer(channel, reply)
        })
      }
    },
    async sendFeatureReport() {
      throw new DOMException('Failed to write the feature report.', 'NotAllowedError')
    },
    async receiveFeatureReport(): Promise<DataView> {
      throw new DOMException('Failed to receive the feature report.', 'NotAllowedError')
    },
  }) as unknown as LedgerHidDevice

  Object.defineProperties(hid, {
    allowed: { get: () => allowed },
    connected: { get: () => connected },
    device: { value: device },
  })
  Object.assign(hid, {
    async requestDevice(options: { filters?: { vendorId?: number; productId?: number; usagePage?: number }[] } = {}) {
      const filters = options?.filters ?? []
      const matches = filters.length === 0 || filters.some((f) => (f.vendorId === undefined || f.vendorId === device.vendorId) && (f.productId === undefined || f.productId === device.productId) && (f.usagePage === undefined || f.usagePage === 0xffa0))
      if (!connected || !matches) return []
      allowed = true
      return [device]
    },
    async getDevices() {
      return allowed && connected ? [device] : []
    },
    setConnected(next: boolean) {
      if (next === connected) return
      connected = next
      if (!next) opened = false
      hid.dispatchEvent(new LedgerConnectionEvent(next ? 'connect' : 'disconnect', device))
    },
  })
  return hid
}
