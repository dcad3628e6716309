import { describe, expect, it } from 'vitest'
import { ProviderRpcError } from '../../../kernel/kernel.js'
import { LedgerAppNotOpenError, LedgerBlindSigningError, LedgerDeviceError, LedgerDisconnectedError, LedgerLockedError, LedgerNotSelectedError, toLedgerError } from '../../../plugins/ledger/errors.js'

/** What @ledgerhq/hw-transport throws for a status word (TransportStatusError carries `statusCode`). */
const statusError = (statusCode: number) => Object.assign(new Error(`Ledger device: status 0x${statusCode.toString(16)}`), { name: 'TransportStatusError', statusCode })

describe('ledger: status words become the errors of the contract (§3)', () => {
  it('6985 is a ProviderRpcError 4001 with the refusal text, so the kernel shows its rejection message', () => {
    const error = toLedgerError(statusError(0x6985), { app: 'Ethereum' })
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect((error as ProviderRpcError).isUserRejection).toBe(true)
    expect(error.shortMessage).toBe('The request was rejected on your Ledger')
  })

  it('6A80 / 6A83 on a transaction with data ask for blind signing; without data they stay a device error', () => {
    for (const sw of [0x6a80, 0x6a83]) {
      const withData = toLedgerError(statusError(sw), { app: 'Ethereum', withData: true })
      expect(withData).toBeInstanceOf(LedgerBlindSigningError)
      expect(withData.shortMessage).toBe('Enable "Blind signing" in the Ethereum app\'s settings on your Ledger, then try again')
      const plain = toLedgerError(statusError(sw), { app: 'Ethereum' })
      expect(plain).toBeInstanceOf(LedgerDeviceError)
      expect((plain as LedgerDeviceError).statusCode).toBe(sw)
    }
    // The Solana app's 6808, and hw-app-solana's plain error for it.
    expect(toLedgerError(statusError(0x6808), { app: 'Solana' }).shortMessage).toBe('Enable "Blind signing" in the Solana app\'s settings on your Ledger, then try again')
    expect(toLedgerError(new Error('Missing a parameter. Try enabling blind signature in the app'), { app: 'Solana' })).toBeInstanceOf(LedgerBlindSigningError)
    // hw-app-eth's own wrapper for 6A80 on a transaction.
    expect(toLedgerError(Object.assign(new Error('Please enable Blind signing'), { name: 'EthAppPleaseEnableContractData' }), { app: 'Ethereum', withData: true })).toBeInstanceOf(LedgerBlindSigningError)
  })

  it('a wrong or missing app names the app the namespace needs', () => {
    for (const sw of [0x6d00, 0x6e00, 0x6511, 0x6a15, 0x6e01]) {
      const eth = toLedgerError(statusError(sw), { app: 'Ethereum' })
      expect(eth).toBeInstanceOf(LedgerAppNotOpenError)
      expect(eth.shortMessage).toBe('Open the Ethereum app on your Ledger')
      expect(toLedgerError(statusError(sw), { app: 'Solana' }).shortMessage).toBe('Open the Solana app on your Ledger')
    }
  })

  it('a locked device, a closed chooser, an unplugged device, an unknown status word', () => {
    for (const sw of [0x5515, 0x6b0c]) expect(toLedgerError(statusError(sw), { app: 'Ethereum' })).toBeInstanceOf(LedgerLockedError)
    expect(toLedgerError(statusError(0x5515), { app: 'Ethereum' }).shortMessage).toBe('Unlock your Ledger')
    const cancelled = toLedgerError(Object.assign(new Error('Access denied'), { name: 'TransportOpenUserCancelled' }), { app: 'Ethereum' })
    expect(cancelled).toBeInstanceOf(LedgerNotSelectedError)
    expect(cancelled.shortMessage).toBe('No Ledger was selected')
    const unplugged = toLedgerError(Object.assign(new Error('gone'), { name: 'DisconnectedDeviceDuringOperation' }), { app: 'Ethereum' })
    expect(unplugged).toBeInstanceOf(LedgerDisconnectedError)
    expect(unplugged.shortMessage).toBe('The Ledger was disconnected')
    const unknown = toLedgerError(statusError(0x6f42), { app: 'Ethereum' })
    expect(unknown).toBeInstanceOf(LedgerDeviceError)
    expect(unknown.shortMessage).toBe('The Ledger answered status 6F42')
    expect(unknown.code).toBe('LEDGER_DEVICE')
    expect(unknown.docsPath).toBe('/plugins/ledger.md#ledgerdeviceerror')
    // A status word out of range is not trusted as one.
    expect(toLedgerError({ statusCode: 0x1_0000 }, { app: 'Ethereum' })).toMatchObject({ statusCode: undefined })
  })
})
