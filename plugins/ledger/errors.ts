import { BaseError, ProviderRpcError } from '../../kernel/kernel.js'

const docs = '/plugins/ledger.md'

/**
 * `Enable "Blind signing" …`: the Ethereum app refused a transaction with data (`6A80` / `6A83`), or
 * the Solana app a transaction it cannot show (`6808`), because blind signing is off.
 */
export class LedgerBlindSigningError extends BaseError {
  override name = 'LedgerBlindSigningError'
  override code = 'LEDGER_BLIND_SIGNING'
  readonly app: string
  constructor({ app = 'Ethereum', cause }: { app?: string; cause?: unknown } = {}) {
    super(`Enable "Blind signing" in the ${app} app's settings on your Ledger, then try again`, { cause, docsPath: `${docs}#ledgerblindsigningerror` })
    this.app = app
  }
}

/** `Open the {app} app on your Ledger`: the device answered from the dashboard or another app (`6D00`, `6E00`, `6511`, `6A15`, `6E01`). */
export class LedgerAppNotOpenError extends BaseError {
  override name = 'LedgerAppNotOpenError'
  override code = 'LEDGER_APP_NOT_OPEN'
  readonly app: string
  constructor({ app, cause }: { app: string; cause?: unknown }) {
    super(`Open the ${app} app on your Ledger`, { cause, docsPath: `${docs}#ledgerappnotopenerror` })
    this.app = app
  }
}

/** `Unlock your Ledger`: the device is locked (`5515`, `6B0C`). */
export class LedgerLockedError extends BaseError {
  override name = 'LedgerLockedError'
  override code = 'LEDGER_LOCKED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unlock your Ledger', { cause, docsPath: `${docs}#ledgerlockederror` })
  }
}

/** `No Ledger was selected`: the browser's device chooser was closed, or no allowed Ledger is plugged in. */
export class LedgerNotSelectedError extends BaseError {
  override name = 'LedgerNotSelectedError'
  override code = 'LEDGER_NOT_SELECTED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('No Ledger was selected', { cause, docsPath: `${docs}#ledgernotselectederror` })
  }
}

/** The browser has neither WebHID nor WebUSB (Firefox, Safari, a phone). */
export class LedgerUnsupportedBrowserError extends BaseError {
  override name = 'LedgerUnsupportedBrowserError'
  override code = 'LEDGER_UNSUPPORTED_BROWSER'
  constructor() {
    super('This browser cannot reach a Ledger: use Chrome, Edge, Brave or Opera on a computer', { docsPath: `${docs}#ledgerunsupportedbrowsererror` })
  }
}

/** `The Ledger was disconnected`: the device went away (unplugged, or the browser closed it) during a request. */
export class LedgerDisconnectedError extends BaseError {
  override name = 'LedgerDisconnectedError'
  override code = 'LEDGER_DISCONNECTED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The Ledger was disconnected', { cause, docsPath: `${docs}#ledgerdisconnectederror` })
  }
}

/** A derivation path that is not `m/` followed by 1–10 indices below 2³¹ (each optionally hardened with `'`). */
export class LedgerPathError extends BaseError {
  override name = 'LedgerPathError'
  override code = 'LEDGER_INVALID_PATH'
  constructor({ path, reason }: { path: string; reason: string }) {
    super("Enter a path like m/44'/60'/0'/0/0", { docsPath: `${docs}#ledgerpatherror`, details: reason, metaMessages: [`Path: ${path.slice(0, 80)}`] })
  }
}

/**
 * `The {app} app on your Ledger does not allow this path`: the app refused a derivation path it does
 * not serve (a custom path of another coin type, or a level it allows only in expert mode): the
 * Cosmos app's `6989` / `698B`, the Bitcoin app's `6A82` on a key export. The device's status word
 * stays in `statusCode`.
 */
export class LedgerPathRefusedError extends BaseError {
  override name = 'LedgerPathRefusedError'
  override code = 'LEDGER_PATH_REFUSED'
  readonly app: string
  readonly statusCode: number
  constructor({ app, path, statusCode, cause }: { app: string; path?: string; statusCode: number; cause?: unknown }) {
    super(`The ${app} app on your Ledger does not allow this path`, { cause, docsPath: `${docs}#ledgerpathrefusederror`, metaMessages: [...(path ? [`Path: ${path.slice(0, 80)}`] : []), `Status: ${hex4(statusCode)}`] })
    this.app = app
    this.statusCode = statusCode
  }
}

/** `connect` was called for the Ledger connector without an account chosen in the ConnectingLedger view. */
export class LedgerAccountNotChosenError extends BaseError {
  override name = 'LedgerAccountNotChosenError'
  override code = 'LEDGER_ACCOUNT_NOT_CHOSEN'
  constructor() {
    super('Choose an account in the Ledger view first', { docsPath: `${docs}#ledgeraccountnotchosenerror` })
  }
}

/** The device answered a status word this plugin does not know, or something else failed on the way. */
export class LedgerDeviceError extends BaseError {
  override name = 'LedgerDeviceError'
  override code: string | number = 'LEDGER_DEVICE'
  readonly statusCode: number | undefined
  constructor({ statusCode, cause }: { statusCode?: number; cause?: unknown }) {
    super(statusCode === undefined ? 'The Ledger could not answer' : `The Ledger answered status ${hex4(statusCode)}`, { cause, docsPath: `${docs}#ledgerdeviceerror` })
    this.statusCode = statusCode
  }
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')

const appNotOpen = new Set([0x6d00, 0x6e00, 0x6511, 0x6a15, 0x6e01])
const locked = new Set([0x5515, 0x6b0c])
const blindSigning = new Set([0x6a80, 0x6a83])

/** The status word a Ledger library error carries (`TransportStatusError.statusCode`, or an app error's wrapped one). */
export function statusCodeOf(error: unknown): number | undefined {
  const value = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffff ? value : undefined
}

/** What a device call was doing, for the error it becomes. */
export type LedgerErrorContext = {
  /** The app the call needs (`Ethereum`, `Solana`). */
  app: string
  /** A transaction with data (blind signing applies). */
  withData?: boolean
}

/**
 * Turns what a Ledger library or the browser threw into the typed error the visitor is told
 * (docs/guides/hardware-wallets.md §3): `6985` a ProviderRpcError 4001 (the kernel's rejection
 * message), blind signing, wrong app, locked, no device, disconnected. Anything else is a
 * {@link LedgerDeviceError} carrying the status word.
 *
 * @example
 * toLedgerError({ statusCode: 0x6985 }, { app: 'Ethereum' }) // ProviderRpcError code 4001
 */
export function toLedgerError(error: unknown, context: LedgerErrorContext): BaseError {
  if (error instanceof BaseError) return error
  const status = statusCodeOf(error)
  const name = (error as { name?: unknown } | null)?.name
  if (status === 0x6985) return new ProviderRpcError({ code: 4001, message: 'The request was rejected on your Ledger', cause: error })
  if (status !== undefined && blindSigning.has(status)) return context.withData ? new LedgerBlindSigningError({ app: context.app, cause: error }) : new LedgerDeviceError({ statusCode: status, cause: error })
  // hw-app-eth turns 6A80 on a transaction into its own error (no status word); hw-app-solana accepts 6808 and throws a plain one.
  if (name === 'EthAppPleaseEnableContractData') return new LedgerBlindSigningError({ app: 'Ethereum', cause: error })
  if (status === 0x6808 || (context.app === 'Solana' && /enabling blind signature/i.test(String((error as { message?: unknown } | null)?.message ?? '')))) return new LedgerBlindSigningError({ app: context.app, cause: error })
  if (status !== undefined && appNotOpen.has(status)) return new LedgerAppNotOpenError({ app: context.app, cause: error })
  if ((status !== undefined && locked.has(status)) || name === 'LockedDeviceError') return new LedgerLockedError({ cause: error })
  if (status !== undefined) return new LedgerDeviceError({ statusCode: status, cause: error })
  if (name === 'TransportOpenUserCancelled' || name === 'NotFoundError' || name === 'TransportWebUSBGestureRequired' || name === 'NoDeviceFound') return new LedgerNotSelectedError({ cause: error })
  if (name === 'DisconnectedDevice' || name === 'DisconnectedDeviceDuringOperation' || name === 'NotAllowedError' || name === 'InvalidStateError') return new LedgerDisconnectedError({ cause: error })
  return new LedgerDeviceError({ cause: error })
}
