import type Transport from '@ledgerhq/hw-transport'
import TransportWebHID from '@ledgerhq/hw-transport-webhid'
import TransportWebUSB from '@ledgerhq/hw-transport-webusb'
import { LedgerDisconnectedError, LedgerNotSelectedError, LedgerUnsupportedBrowserError, toLedgerError, type LedgerErrorContext } from '../errors.js'
import { ledgerVendorId, pickTransport, type LedgerTransportOption } from './transportKinds.js'

export type LedgerDeviceOptions = {
  transport: LedgerTransportOption
  /** Told when the device goes away (unplugged, or the browser closed it). */
  onDisconnect?: () => void
  /**
   * Opens a transport (default: WebHID / WebUSB; `prompt` shows the browser's chooser, else only
   * an already allowed Ledger is opened, `null` when there is none). Tests hand in their own.
   */
  openTransport?: (prompt: boolean) => Promise<Transport | null>
}

/** The open app as the device reports it (`B0 01`): `BOLOS` on the dashboard. */
export type LedgerApp = { name: string; version: string }

type HidLike = { requestDevice(options: { filters: { vendorId: number }[] }): Promise<unknown[]>; getDevices(): Promise<{ vendorId: number }[]> }

async function openBrowserTransport(option: LedgerTransportOption, prompt: boolean): Promise<Transport | null> {
  const kind = pickTransport(option)
  if (!kind) throw new LedgerUnsupportedBrowserError()
  if (kind === 'webusb') {
    const connected = await TransportWebUSB.openConnected()
    if (connected || !prompt) return connected
    return TransportWebUSB.request()
  }
  const hid = (globalThis as unknown as { navigator: { hid: HidLike } }).navigator.hid
  const allowed = (await hid.getDevices()).find((device) => device.vendorId === ledgerVendorId)
  if (allowed) return TransportWebHID.open(allowed as Parameters<typeof TransportWebHID.open>[0])
  if (!prompt) return null
  // The chooser: it needs the visitor's click, which the view's Connect button is.
  const [picked] = await hid.requestDevice({ filters: [{ vendorId: ledgerVendorId }] })
  if (!picked) throw new LedgerNotSelectedError()
  return TransportWebHID.open(picked as Parameters<typeof TransportWebHID.open>[0])
}

/**
 * One Ledger for the whole page: one transport shared by every namespace, its exchanges queued
 * (the device does one thing at a time), and what the device throws turned into the typed errors
 * of docs/guides/hardware-wallets.md §3. A request in flight when the device goes away fails
 * with {@link LedgerDisconnectedError}; the next one reopens an allowed device without asking.
 *
 * @example
 * const device = new LedgerDevice({ transport: 'auto' })
 * await device.open({ prompt: true }) // in a click
 * await device.run({ app: 'Ethereum' }, (transport) => transport.send(0xe0, 0x02, 0x00, 0x00, path)) // what each namespace's code does through its Ledger library
 */
export class LedgerDevice {
  private transport: Transport | undefined
  private opening: Promise<Transport | null> | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private dropped: (() => void)[] = []

  constructor(private readonly options: LedgerDeviceOptions) {}

  /** Whether a transport is open now. */
  get isOpen(): boolean {
    return this.transport !== undefined
  }

  /**
   * Opens the device: with `prompt` (in a click) the browser's chooser when no Ledger is allowed
   * yet; without, only an allowed one. `false` when none could be opened without asking.
   */
  async open({ prompt }: { prompt: boolean }): Promise<boolean> {
    if (this.transport) return true
    this.opening ??= (this.options.openTransport ?? ((p) => openBrowserTransport(this.options.transport, p)))(prompt).finally(() => {
      this.opening = undefined
    })
    let transport: Transport | null
    try {
      transport = await this.opening
    } catch (error) {
      throw toLedgerError(error, { app: 'Ethereum' })
    }
    if (!transport) return false
    if (this.transport) return true
    this.transport = transport
    transport.on('disconnect', () => this.forget(transport))
    return true
  }

  private forget(transport: Transport): void {
    if (this.transport !== transport) return
    this.transport = undefined
    for (const drop of this.dropped.splice(0)) drop()
    this.options.onDisconnect?.()
  }

  /** Closes the transport (the device stays allowed: a later `open({ prompt: false })` reopens it). */
  async close(): Promise<void> {
    const transport = this.transport
    if (!transport) return
    this.forget(transport)
    try {
      await transport.close()
    } catch {
      // Already gone.
    }
  }

  /**
   * Runs one device exchange after the ones before it, on the open transport (reopening an
   * allowed device without asking); failures become typed errors for `context`.
   */
  run<T>(context: LedgerErrorContext, action: (transport: Transport) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      try {
        if (!this.transport && !(await this.open({ prompt: false }))) throw new LedgerDisconnectedError()
        const transport = this.transport as Transport
        // A device unplugged mid-exchange never answers: its disconnect ends the wait.
        return await new Promise<T>((resolve, reject) => {
          const drop = () => reject(new LedgerDisconnectedError())
          this.dropped.push(drop)
          action(transport).then(resolve, reject).finally(() => {
            this.dropped = this.dropped.filter((d) => d !== drop)
          })
        })
      } catch (error) {
        throw toLedgerError(error, context)
      }
    })
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Which app is open (`B0 01`): `BOLOS` on the dashboard, `Ethereum`, `Solana`, … */
  app(): Promise<LedgerApp> {
    return this.run({ app: 'Ethereum' }, async (transport) => readAppAndVersion(await transport.send(0xb0, 0x01, 0x00, 0x00)))
  }

}

/**
 * Reads a `B0 01` answer: format ‖ name length ‖ name ‖ version length ‖ version ‖ … ‖ 9000.
 *
 * @example
 * readAppAndVersion(answer) // { name: 'Ethereum', version: '1.17.0' }
 */
export function readAppAndVersion(answer: Uint8Array): LedgerApp {
  const decode = (from: number, length: number) => new TextDecoder().decode(answer.subarray(from, from + length))
  if (answer.length < 5 || answer[0] !== 0x01) return { name: '', version: '' }
  const nameLength = answer[1] ?? 0
  const versionLength = answer[2 + nameLength] ?? 0
  if (2 + nameLength + 1 + versionLength > answer.length) return { name: '', version: '' }
  return { name: decode(2, nameLength), version: decode(3 + nameLength, versionLength) }
}
