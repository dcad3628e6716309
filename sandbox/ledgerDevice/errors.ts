import { BaseError } from '../../kernel/errors/BaseError.js'

/** A bad argument to the emulated Ledger's handle (`window.__porticoLedger`) or its key helpers. */
export class LedgerDeviceParameterError extends BaseError {
  override name = 'LedgerDeviceParameterError'
  override code = 'LEDGER_DEVICE_INVALID_PARAMETER'
  constructor(message: string) {
    super(message, { docsPath: '/guides/hardware-wallets#4-a-device-for-tests-and-the-sandbox-sandboxledgerdevice' })
  }
}
