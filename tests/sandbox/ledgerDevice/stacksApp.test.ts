// The emulated Stacks app at the APDU level (sandbox/ledgerDevice/ledgerStacksApp.ts, after Zondax's
// ledger-stacks docs/APDUSPEC.md): what the wire carries for what `@zondax/ledger-stacks` does not send
// (a bad version byte, chunks out of order, SIP-018 structured data), a key checked against
// @stacks/transactions, the class byte another app refuses.
import { describe, expect, it } from 'vitest'
import { privateKeyToPublic } from '@stacks/transactions'
import { bytesToHex } from '@noble/hashes/utils.js'

import { createLedgerDevice } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { createLedgerDeviceKeys, parseLedgerPath } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { ledgerStacksKey } from '../../../sandbox/ledgerDevice/ledgerStacksApp.js'

const path = "m/44'/5757'/0'/0/2"
/** The path as the Zondax apps send it: five little-endian u32. */
function zondaxPath(text: string): number[] {
  const bytes = Buffer.alloc(20)
  parseLedgerPath(text).forEach((index, i) => bytes.writeUInt32LE(index, i * 4))
  return [...bytes]
}
const apdu = (ins: number, p1: number, p2: number, data: number[] = []) => Uint8Array.from([0x09, ins, p1, p2, data.length, ...data])
const status = (answer: Uint8Array) => ((answer.at(-2) as number) << 8) | (answer.at(-1) as number)

describe('emulated Stacks app (APDU level)', () => {
  it('answers 6E00 while another app is open (Ethereum, the default) and its version once open', async () => {
    const device = createLedgerDevice()
    expect(status(await device.exchange(apdu(0x00, 0, 0)))).toBe(0x6e00)
    device.openApp('Stacks')
    expect([...(await device.exchange(apdu(0x00, 0, 0)))]).toEqual([0, 0, 27, 0, 0, 0x90, 0x00])
  })

  it('GET_ADDR answers the compressed key @stacks/transactions derives, and refuses a version byte that is not an account address', async () => {
    const device = createLedgerDevice()
    device.openApp('Stacks')
    const answer = await device.exchange(apdu(0x01, 0, 26, zondaxPath(path)))
    expect(status(answer)).toBe(0x9000)
    const key = ledgerStacksKey(createLedgerDeviceKeys(), parseLedgerPath(path))
    expect(bytesToHex(answer.subarray(0, 33))).toBe(privateKeyToPublic(`${bytesToHex(key.privateKey)}01`))
    expect(new TextDecoder().decode(answer.subarray(33, -2))).toMatch(/^ST[0-9A-Z]{38,39}$/)
    expect(status(await device.exchange(apdu(0x01, 0, 0x99, zondaxPath(path))))).toBe(0x6b00)
    expect(status(await device.exchange(apdu(0x01, 0, 26, zondaxPath(path).slice(0, 16))))).toBe(0x6984)
  })

  it('refuses chunks without the path first, SIP-018 data, and a shown address the visitor rejects (6986)', async () => {
    const device = createLedgerDevice()
    device.openApp('Stacks')
    expect(status(await device.exchange(apdu(0x02, 2, 0, [1, 2, 3])))).toBe(0x6984)
    expect(status(await device.exchange(apdu(0x02, 0, 0, zondaxPath(path))))).toBe(0x9000)
    expect(status(await device.exchange(apdu(0x02, 2, 0, [...Buffer.from('SIP018'), ...new Array(40).fill(1)])))).toBe(0x6984)
    device.setMode('reject')
    expect(status(await device.exchange(apdu(0x01, 1, 26, zondaxPath(path))))).toBe(0x6986)
    expect(device.activity().at(-1)).toMatchObject({ app: 'Stacks', action: 'verifyAddress', outcome: 'rejected' })
  })
})
