// The emulated Cosmos app at the APDU level (sandbox/ledgerDevice/ledgerCosmosApp.ts, after Zondax's
// cosmos/ledger-cosmos docs/APDUSPEC.md and the app's path and JSON checks): what the wire carries
// for what `@zondax/ledger-cosmos-js` does not send (paths the app refuses, chunks without a path,
// SIGN_MODE_TEXTUAL, unsorted or spaced JSON), a key checked against @cosmjs, the class byte another
// app refuses, a shown address rejected.
import { Secp256k1HdWallet } from '@cosmjs/amino'
import { stringToPath } from '@cosmjs/crypto'
import { describe, expect, it } from 'vitest'

import { createLedgerDevice } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'
import { ledgerCosmosAccounts, ledgerCosmosAddresses } from '../../../sandbox/ledgerDevice/ledgerCosmosAccounts.js'
import { ledgerDeviceMnemonic, parseLedgerPath } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'

const path = "m/44'/118'/0'/0/2"
/** The path as the Zondax apps send it: five little-endian u32. */
function zondaxPath(text: string): number[] {
  const bytes = Buffer.alloc(20)
  parseLedgerPath(text).forEach((index, i) => bytes.writeUInt32LE(index, i * 4))
  return [...bytes]
}
const hrp = (prefix: string) => [prefix.length, ...Buffer.from(prefix)]
const apdu = (ins: number, p1: number, p2: number, data: number[] = []) => Uint8Array.from([0x55, ins, p1, p2, data.length, ...data])
const status = (answer: Uint8Array) => ((answer.at(-2) as number) << 8) | (answer.at(-1) as number)
const text = (answer: Uint8Array) => new TextDecoder().decode(answer.subarray(0, -2))

describe('emulated Cosmos app (APDU level)', () => {
  it('answers 6E00 while another app is open (Ethereum, the default) and its version once open', async () => {
    const device = createLedgerDevice()
    expect(status(await device.exchange(apdu(0x00, 0, 0)))).toBe(0x6e00)
    device.openApp('Cosmos')
    expect([...(await device.exchange(apdu(0x00, 0, 0)))]).toEqual([0, 2, 38, 1, 0, 0x33, 0x10, 0x00, 0x04, 0x90, 0x00])
  })

  it('GET_ADDR answers the key and address CosmJS derives from the same phrase, under the HRP asked for', async () => {
    const device = createLedgerDevice()
    device.openApp('Cosmos')
    const wallet = await Secp256k1HdWallet.fromMnemonic(ledgerDeviceMnemonic, { hdPaths: [stringToPath(path)], prefix: 'osmo' })
    const [account] = await wallet.getAccounts()
    const answer = await device.exchange(apdu(0x04, 0, 0, [...hrp('osmo'), ...zondaxPath(path)]))
    expect(status(answer)).toBe(0x9000)
    expect([...answer.subarray(0, 33)]).toEqual([...account!.pubkey])
    expect(new TextDecoder().decode(answer.subarray(33, -2))).toBe(account!.address)
    expect(ledgerCosmosAccounts(5)).toEqual([...ledgerCosmosAddresses])
  })

  it('refuses paths the app refuses: another coin type or a hardened change level (698B), a level over 100 (6989), a bad HRP length (698A), a short path', async () => {
    const device = createLedgerDevice()
    device.openApp('Cosmos')
    expect(status(await device.exchange(apdu(0x04, 0, 0, [...hrp('cosmos'), ...zondaxPath("m/44'/60'/0'/0/0")])))).toBe(0x698b)
    expect(status(await device.exchange(apdu(0x04, 0, 0, [...hrp('cosmos'), ...zondaxPath("m/44'/118'/0'/0'/0")])))).toBe(0x698b)
    expect(status(await device.exchange(apdu(0x04, 0, 0, [...hrp('cosmos'), ...zondaxPath("m/44'/118'/101'/0/0")])))).toBe(0x6989)
    expect(status(await device.exchange(apdu(0x04, 0, 0, [0, ...zondaxPath(path)])))).toBe(0x698a)
    expect(status(await device.exchange(apdu(0x04, 0, 0, [...hrp('cosmos'), ...zondaxPath(path).slice(0, 16)])))).toBe(0x6700)
  })

  it('refuses data without the path first, SIGN_MODE_TEXTUAL, spaced or unsorted JSON (6984 with the reason), a doc missing its fee', async () => {
    const device = createLedgerDevice()
    device.openApp('Cosmos')
    expect(status(await device.exchange(apdu(0x02, 2, 0, [1, 2, 3])))).toBe(0x6986)
    const sign = async (json: string, p2 = 0) => {
      expect(status(await device.exchange(apdu(0x02, 0, p2, [...zondaxPath(path), ...hrp('portico')])))).toBe(0x9000)
      return device.exchange(apdu(0x02, 2, p2, [...Buffer.from(json)]))
    }
    const doc = '{"account_number":"0","chain_id":"c","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[],"sequence":"0"}'
    expect(status(await sign(doc, 1))).toBe(0x6984)
    const spaced = await sign(doc.replace('"memo":""', '"memo": ""'))
    expect([status(spaced), text(spaced)]).toEqual([0x6984, 'JSON Contains whitespace in the corpus'])
    const unsorted = await sign(doc.replace('{"account_number":"0","chain_id":"c"', '{"chain_id":"c","account_number":"0"'))
    expect([status(unsorted), text(unsorted)]).toEqual([0x6984, 'JSON Dictionaries are not sorted'])
    const noFee = await sign(doc.replace('"fee":{"amount":[],"gas":"0"},', ''))
    expect([status(noFee), text(noFee)]).toEqual([0x6984, 'JSON Missing fee'])
    expect(device.activity()).toEqual([])
  })

  it('a shown address the visitor rejects is 6986, recorded', async () => {
    const device = createLedgerDevice()
    device.openApp('Cosmos')
    device.setMode('reject')
    expect(status(await device.exchange(apdu(0x04, 1, 0, [...hrp('portico'), ...zondaxPath(path)])))).toBe(0x6986)
    expect(device.activity().at(-1)).toMatchObject({ app: 'Cosmos', action: 'verifyAddress', path, outcome: 'rejected' })
  })
})
