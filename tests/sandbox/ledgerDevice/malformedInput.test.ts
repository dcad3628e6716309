import { describe, expect, it } from 'vitest'

import { createLedgerDevice } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { type LedgerHidDevice, createLedgerHid } from '../../../sandbox/ledgerDevice/createLedgerHid.js'
import { createLedgerHidReader, encodeLedgerHidReports } from '../../../sandbox/ledgerDevice/ledgerHidFraming.js'
import { TransportWebHID, openLedgerTransport } from './fixtures/openLedgerTransport.js'

const sw = (answer: Uint8Array) => Buffer.from(answer.subarray(-2)).toString('hex')

/** Sends raw reports to the fake HIDDevice and collects the answer's reports until a whole message came. */
async function rawExchange(device: LedgerHidDevice, reports: Uint8Array[]): Promise<{ channel: number; message: Uint8Array }> {
  const reader = createLedgerHidReader(0xffff)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer within 1 s')), 1000)
    const onReport = (event: Event) => {
      const result = reader.push(new Uint8Array((event as unknown as { data: DataView }).data.buffer))
      if (result.kind === 'complete') {
        clearTimeout(timer)
        device.removeEventListener('inputreport', onReport)
        resolve(result)
      }
    }
    device.addEventListener('inputreport', onReport)
    void (async () => {
      for (const report of reports) await device.sendReport(0, report)
    })()
  })
}

describe('Ledger HID framing', () => {
  it('frames a message in 64-byte reports with the length on the first and reads it back', () => {
    const message = new Uint8Array(150).map((_, i) => i)
    const reports = encodeLedgerHidReports(0x0101, message)
    expect(reports.map((r) => r.length)).toEqual([64, 64, 64])
    expect([...reports[0]!.subarray(0, 7)]).toEqual([0x01, 0x01, 0x05, 0, 0, 0, 150])
    expect([...reports[1]!.subarray(0, 5)]).toEqual([0x01, 0x01, 0x05, 0, 1])
    const reader = createLedgerHidReader(1000)
    expect(reader.push(reports[0]!).kind).toBe('partial')
    expect(reader.push(reports[1]!).kind).toBe('partial')
    expect(reader.push(reports[2]!)).toEqual({ kind: 'complete', channel: 0x0101, message })
  })

  it('rejects a bad tag, a report out of order and an oversized length, and starts over', () => {
    const reader = createLedgerHidReader()
    const [first, second] = encodeLedgerHidReports(0x0101, new Uint8Array(100))
    expect(reader.push(Uint8Array.from([1, 1, 2, 0, 0]))).toMatchObject({ kind: 'invalid', statusWord: 0x6e00 })
    expect(reader.push(second!)).toMatchObject({ kind: 'invalid', statusWord: 0x6700 })
    expect(reader.push(Uint8Array.from([1, 1, 5, 0, 0, 0x10, 0x00]))).toMatchObject({ kind: 'invalid', statusWord: 0x6700 })
    expect(reader.push(Uint8Array.from([1]))).toMatchObject({ kind: 'invalid', statusWord: 0x6700 })
    expect(reader.push(first!).kind).toBe('partial')
    expect(reader.push(second!).kind).toBe('complete')
  })
})

describe('malformed input to the emulated device answers a status word, never throws or hangs', () => {
  it('at the APDU level', async () => {
    const device = createLedgerDevice()
    expect(sw(await device.exchange(new Uint8Array([0xe0])))).toBe('6700')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x02, 0, 0, 9, 1])))).toBe('6700')
    expect(sw(await device.exchange(new Uint8Array([0x12, 0x02, 0, 0, 0])))).toBe('6e00')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x02, 0, 0, 0])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x02, 0, 0, 2, 11, 0])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x04, 0x80, 0, 1, 0xc0])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x04, 0x42, 0, 1, 0xc0])))).toBe('6b00')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x08, 0x80, 0, 2, 0x68, 0x69])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x0c, 0, 0, 5, 1, 0x80, 0, 0, 44])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x7f, 0, 0, 0])))).toBe('6d00')
    // A transaction whose RLP claims more than is sent, then a new first chunk: the app starts over.
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x04, 0, 0, 7, 1, 0x80, 0, 0, 44, 0xc5, 0x01])))).toBe('9000')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x04, 0, 0, 6, 1, 0x80, 0, 0, 44, 0x80])))).toBe('6a80')
    // Data past the RLP's end is refused.
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x04, 0, 0, 8, 1, 0x80, 0, 0, 44, 0xc0, 0, 0])))).toBe('6a80')
    device.openApp('Solana')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x06, 1, 0x01, 1, 0])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x06, 0, 0, 1, 0])))).toBe('6b00')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x06, 1, 0, 7, 1, 1, 0x80, 0, 1, 0xf5, 1])))).toBe('6a80')
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x05, 0, 0, 5, 1, 0, 0, 0, 44])))).toBe('6a80')
    // The device still works.
    expect(sw(await device.exchange(new Uint8Array([0xe0, 0x04, 0, 0, 0])))).toBe('9000')
  })

  it('at the HID level: bad tag, out-of-order report, oversized length, report id, closed device', async () => {
    const hid = createLedgerHid(createLedgerDevice())
    const [device] = await hid.requestDevice({ filters: [{ vendorId: 0x2c97 }] })
    await expect(device!.sendReport(0, new Uint8Array(64))).rejects.toMatchObject({ name: 'InvalidStateError' })
    await device!.open()
    const badTag = new Uint8Array(64)
    badTag.set([0x12, 0x34, 0x02])
    expect(await rawExchange(device!, [badTag])).toMatchObject({ channel: 0x1234, message: Uint8Array.from([0x6e, 0x00]) })
    const [, second] = encodeLedgerHidReports(0x1234, new Uint8Array(100))
    expect(sw((await rawExchange(device!, [second!])).message)).toBe('6700')
    const huge = new Uint8Array(64)
    huge.set([0x12, 0x34, 0x05, 0, 0, 0xff, 0xff])
    expect(sw((await rawExchange(device!, [huge])).message)).toBe('6700')
    await expect(device!.sendReport(3, new Uint8Array(64))).rejects.toMatchObject({ name: 'NotAllowedError' })
    const ok = await rawExchange(device!, encodeLedgerHidReports(0x1234, Uint8Array.from([0xb0, 0x01, 0, 0, 0])))
    expect(Buffer.from(ok.message).subarray(2, 10).toString()).toBe('Ethereum')
  })

  it('lists the device once allowed, and an unplugged device fails the transport as disconnected', async () => {
    const { hid, transport } = await openLedgerTransport()
    expect(hid.allowed).toBe(true)
    expect(await hid.getDevices()).toEqual([hid.device])
    const events: string[] = []
    hid.addEventListener('disconnect', (e) => events.push(`${e.type}:${(e as unknown as { device: unknown }).device === hid.device}`))
    hid.setConnected(false)
    expect(events).toEqual(['disconnect:true'])
    expect(await hid.getDevices()).toEqual([])
    await expect(transport.send(0xb0, 0x01, 0, 0)).rejects.toMatchObject({ name: 'DisconnectedDeviceDuringOperation' })
    // Nothing to pick: the chooser closes empty, and Ledger's transport reports the cancelled open.
    expect(await hid.requestDevice({ filters: [{ vendorId: 0x2c97 }] })).toEqual([])
    await expect(TransportWebHID.create()).rejects.toMatchObject({ name: 'TransportOpenUserCancelled' })
    hid.setConnected(true)
  })

  it('refuses bad handle input with a typed error and keeps its state', () => {
    const device = createLedgerDevice()
    expect(() => device.setMode('maybe' as never)).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    expect(() => device.openApp('Monero' as never)).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    expect(() => device.address('eip155', "m/44'/60'/x")).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    expect(() => device.address('solana', "m/44'/501'/0")).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    expect(() => device.address('tron' as never, "m/44'/195'/0'")).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    expect(() => device.setLocked('yes' as never)).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    expect([device.getMode(), device.getApp(), device.isLocked()]).toEqual(['approve', 'Ethereum', false])
  })
})
