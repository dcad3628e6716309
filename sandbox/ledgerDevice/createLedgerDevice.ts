import { LedgerDeviceParameterError } from './errors.js'
import { type LedgerApp, type LedgerAppContext, appAndVersionAnswer, ledgerAnswer, ledgerStatus, parseLedgerApdu } from './ledgerApdu.js'
import { createLedgerDeviceKeys, ledgerDeviceMnemonic, parseLedgerPath } from './ledgerDeviceKeys.js'
import { ledgerDeviceAppNames, ledgerDeviceApps, type LedgerDeviceAppName } from './ledgerDeviceApps.js'

/** How the emulated user answers: always Approve, always Reject, or wait for the panel's buttons. */
export type LedgerDeviceMode = 'approve' | 'reject' | 'ask'
/** What is open on the device. */
export type LedgerDeviceApp = 'dashboard' | LedgerDeviceAppName
/** One thing the device was asked to show and sign, and the answer. */
export type LedgerDeviceActivity = {
  app: LedgerDeviceAppName
  /** What the app was asked: `verifyAddress`, `signTransaction`, `signPersonalMessage`, `signTypedData`, `signOffchainMessage`, … */
  action: string
  path: string
  /** The screen's text, e.g. "Review transaction · To 0x7099…79C8 · Value 0.01 ETH · Chain 31337". */
  screen: string
  outcome: 'approved' | 'rejected'
}

export type CreateLedgerDeviceParameters = {
  /** Default `ledgerDeviceMnemonic`. */
  mnemonic?: string
  /** Default `'approve'`. */
  mode?: LedgerDeviceMode
  /** Default `'Ethereum'`. */
  app?: LedgerDeviceApp
  /** Blind signing in the Ethereum and Solana apps' settings. Default on (so the demo signs calldata). */
  blindSigning?: boolean
  /** Default `false`. */
  locked?: boolean
}

/** The emulated Ledger Nano S Plus at the APDU level. */
export type LedgerDevice = {
  /** One command in, its answer (`data ‖ status word`) out. Never throws; exchanges run one at a time. */
  exchange(apdu: Uint8Array): Promise<Uint8Array>
  setMode(mode: LedgerDeviceMode): void
  getMode(): LedgerDeviceMode
  openApp(app: LedgerDeviceApp): void
  getApp(): LedgerDeviceApp
  setLocked(locked: boolean): void
  isLocked(): boolean
  setBlindSigning(on: boolean): void
  isBlindSigning(): boolean
  /** The address the device derives at `path` for a namespace one of its apps holds (checksummed hex for eip155, base58 for solana, …). */
  address(namespace: string, path: string): string
  /** Everything shown for approval, oldest first (a copy). */
  activity(): LedgerDeviceActivity[]
  /** The screen's text now. */
  screen(): string
  /** Whether a request waits for Approve / Reject ('ask' mode). */
  isWaiting(): boolean
  /** Presses Approve on a waiting request; false when none waits. */
  approve(): boolean
  /** Presses Reject on a waiting request; false when none waits. */
  reject(): boolean
  /** Calls `fn` after every change; returns an unsubscribe. */
  subscribe(fn: () => void): () => void
}

const modes: readonly LedgerDeviceMode[] = ['approve', 'reject', 'ask']
const apps: readonly LedgerDeviceApp[] = ['dashboard', ...ledgerDeviceAppNames]
/** The dashboard's `B0 01` answer (the OS name and a Nano S Plus firmware version). */
const dashboard = { name: 'BOLOS', version: '1.1.2' }

/**
 * Creates an emulated Ledger Nano S Plus with real keys from `mnemonic`: the dashboard and the apps
 * of `ledgerDeviceApps` (ledgerDeviceApps.ts: Ethereum, Solana, …), answering APDUs as Ledger's published app specifications describe (status
 * words 9000, 6985 refused, 6D00/6E00 wrong or no app, 5515 locked, 6A80 bad data or blind signing
 * off with calldata). Put it behind a fake WebHID with `createLedgerHid`.
 *
 * @example
 * const device = createLedgerDevice()
 * const answer = await device.exchange(new Uint8Array([0xb0, 0x01, 0x00, 0x00, 0x00])) // "Ethereum" "1.17.0" 9000
 */
export function createLedgerDevice(parameters: CreateLedgerDeviceParameters = {}): LedgerDevice {
  const keys = createLedgerDeviceKeys(parameters.mnemonic ?? ledgerDeviceMnemonic)
  let mode: LedgerDeviceMode = parameters.mode ?? 'approve'
  let open: LedgerDeviceApp = parameters.app ?? 'Ethereum'
  let blindSigning = parameters.blindSigning ?? true
  let locked = parameters.locked ?? false
  const log: LedgerDeviceActivity[] = []
  const listeners = new Set<() => void>()
  const installed = Object.fromEntries(ledgerDeviceAppNames.map((name) => [name, ledgerDeviceApps[name].create()])) as Record<LedgerDeviceAppName, LedgerApp>
  let waiting: { screen: string; answer(approved: boolean): void } | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const emit = () => {
    for (const fn of [...listeners]) {
      try {
        fn()
      } catch {
        // A listener's failure is its own.
      }
    }
  }
  const answerWaiting = (approved: boolean): boolean => {
    const current = waiting
    if (!current) return false
    waiting = undefined
    current.answer(approved)
    emit()
    return true
  }

  const context: LedgerAppContext = {
    keys,
    blindSigning: () => blindSigning,
    confirm(request) {
      const record = (approved: boolean) => {
        log.push({ ...(request as Omit<LedgerDeviceActivity, 'outcome'>), outcome: approved ? 'approved' : 'rejected' })
        emit()
        return approved
      }
      if (mode !== 'ask') return Promise.resolve(record(mode === 'approve'))
      return new Promise<boolean>((resolve) => {
        waiting = { screen: request.screen, answer: (approved) => resolve(record(approved)) }
        emit()
      })
    },
  }

  async function run(bytes: Uint8Array): Promise<Uint8Array> {
    const apdu = parseLedgerApdu(bytes)
    if ('statusWord' in apdu) return ledgerAnswer(apdu.statusWord)
    if (locked) return ledgerAnswer(ledgerStatus.locked)
    if (apdu.cla === 0xb0) {
      if (apdu.ins !== 0x01) return ledgerAnswer(ledgerStatus.unknownInstruction)
      const app = open === 'dashboard' ? dashboard : installed[open]
      return appAndVersionAnswer(app.name, app.version)
    }
    if (open === 'dashboard' || !(installed[open].classes ?? [installed[open].cla ?? 0xe0]).includes(apdu.cla)) return ledgerAnswer(ledgerStatus.unknownClass)
    return installed[open].handle(apdu, context)
  }

  const device: LedgerDevice = {
    exchange(apdu) {
      const result = queue.then(
        () => run(apdu),
        () => run(apdu),
      ).catch(() => ledgerAnswer(ledgerStatus.invalidData))
      queue = result
      return result
    },
    setMode(next) {
      if (!modes.includes(next)) throw new LedgerDeviceParameterError(`setMode takes 'approve', 'reject' or 'ask', not ${JSON.stringify(next)}`)
      mode = next
      // Leaving 'ask' answers what waits the way the new mode would.
      if (next !== 'ask') answerWaiting(next === 'approve')
      emit()
    },
    getMode: () => mode,
    openApp(app) {
      if (!apps.includes(app)) throw new LedgerDeviceParameterError(`openApp takes ${apps.map((a) => `'${a}'`).join(', ')}, not ${JSON.stringify(app)}`)
      if (app === open) return
      // Closing an app refuses what it was showing and drops half-sent commands.
      answerWaiting(false)
      for (const name of ledgerDeviceAppNames) installed[name].reset()
      open = app
      emit()
    },
    getApp: () => open,
    setLocked(next) {
      if (typeof next !== 'boolean') throw new LedgerDeviceParameterError('setLocked takes true or false')
      if (next) answerWaiting(false)
      locked = next
      emit()
    },
    isLocked: () => locked,
    setBlindSigning(on) {
      if (typeof on !== 'boolean') throw new LedgerDeviceParameterError('setBlindSigning takes true or false')
      blindSigning = on
      emit()
    },
    isBlindSigning: () => blindSigning,
    address(namespace, path) {
      const name = ledgerDeviceAppNames.find((n) => ledgerDeviceApps[n].namespace === namespace)
      if (!name) throw new LedgerDeviceParameterError(`address takes ${ledgerDeviceAppNames.map((n) => `'${ledgerDeviceApps[n].namespace}'`).join(', ')}, not ${JSON.stringify(namespace)}`)
      return ledgerDeviceApps[name].address(keys, parseLedgerPath(path))
    },
    activity: () => log.map((entry) => ({ ...entry })),
    screen() {
      if (locked) return 'Locked · Enter your PIN'
      if (waiting) return waiting.screen
      return open === 'dashboard' ? 'Dashboard · Open an app' : `${open} is ready`
    },
    isWaiting: () => waiting !== undefined,
    approve: () => answerWaiting(true),
    reject: () => answerWaiting(false),
    subscribe(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
  }
  return device
}
