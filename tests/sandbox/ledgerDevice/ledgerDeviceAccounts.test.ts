import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'

import { ledgerDeviceAddresses } from '../../../sandbox/ledgerDevice/ledgerDeviceAccounts.js'
import { devMnemonic } from '../../../sandbox/devnets/devAccounts.js'
import { formatLedgerPath, ledgerDeviceAccounts, ledgerDeviceMnemonic, parseLedgerPath } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'

describe('the emulated Ledger\'s keys', () => {
  it('the written-out funded addresses are the mnemonic\'s first five Ledger Live accounts', () => {
    expect(ledgerDeviceAccounts(5)).toEqual({ eip155: [...ledgerDeviceAddresses.eip155], solana: [...ledgerDeviceAddresses.solana] })
    expect(ledgerDeviceAddresses.eip155[2]).toBe(mnemonicToAccount(ledgerDeviceMnemonic, { path: "m/44'/60'/2'/0/0" }).address)
  })

  it('is a valid phrase that is not anvil\'s', () => {
    expect(ledgerDeviceMnemonic).not.toBe(devMnemonic)
    expect(ledgerDeviceMnemonic.split(' ')).toHaveLength(12)
  })

  it('reads and writes paths, with or without m/, with \' or h', () => {
    expect(parseLedgerPath("44'/501'/0h")).toEqual([0x8000_002c, 0x8000_01f5, 0x8000_0000])
    expect(formatLedgerPath(parseLedgerPath("m/44'/60'/0'/0/7"))).toBe("m/44'/60'/0'/0/7")
    for (const bad of ['', 'm/', "44'/x", '2147483648', "1/2/3/4/5/6/7/8/9/10/11", "44''"]) {
      expect(() => parseLedgerPath(bad), bad).toThrow(expect.objectContaining({ code: 'LEDGER_DEVICE_INVALID_PARAMETER' }))
    }
  })
})
