// The request loop a persona wallet shares between its namespaces: one provider object serves
// Leather's Bitcoin and Stacks methods (Xverse's likewise), each namespace's persona script adds its
// methods to it, and each has its own "Reject requests" switch and its own list of what it was asked.
import type { WalletPanelControl } from '../../walletPanel/renderWalletPanel.js'
import { PersonaRequestError } from './bitcoinKeyring.js'

/** One method a persona answers: which namespace's persona owns it (`shared`: every one), and whether it asks the visitor. */
export type PersonaMethod = { asks: boolean | (() => boolean); run(params: unknown): Promise<unknown> }
export type PersonaActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' | 'answered'; part: string }

export type CreatePersonaWalletParameters = {
  /** Leather rejects its promise with the error envelope; Xverse resolves it (sats-connect reads `error` from the answer). */
  errorsResolve: boolean
  /** The wallet's answer when the visitor says no. */
  rejection: { code: number; message: string }
  /** Refuses a request before the visitor is asked (Xverse: a read without the site's permission). */
  guard?(method: string): PersonaRequestError | undefined
  /** The request id the wallet puts in its envelope. */
  nextId(): string
}

/** One namespace's controls over the shared wallet: its panel's and its test handle's. */
export type PersonaPartControl = WalletPanelControl & { getMode(): 'approve' | 'reject' }

export type PersonaWallet = {
  /** The provider's `request(method, params)`: a JSON-RPC 2.0 envelope, by the wallet's rules. */
  request(method: unknown, params?: unknown): Promise<unknown>
  /** Adds a namespace's methods (a second call for the same namespace replaces them). */
  define(part: string, methods: Record<string, PersonaMethod>): void
  has(method: string): boolean
  /** The controls of one namespace's persona; `connected` and `disconnect` are the wallet's. */
  control(part: string, connection: { connected(): boolean; disconnect(): void }): PersonaPartControl
  /** Tells every panel to redraw. */
  changed(): void
}

/**
 * The shared request loop of a multi-namespace persona wallet: dispatches to the methods each
 * namespace's persona defined, answers in the wallet's envelope, applies the owning namespace's
 * "Reject requests" switch to methods that ask the visitor (a `shared` method, like `getAddresses`,
 * is refused when any namespace's switch is on) and keeps a log per namespace.
 *
 * @example
 * const wallet = createPersonaWallet({ errorsResolve: false, rejection: { code: 4001, message: 'User rejected request' }, nextId })
 */
export function createPersonaWallet({ errorsResolve, rejection, guard, nextId }: CreatePersonaWalletParameters): PersonaWallet {
  const methods = new Map<string, PersonaMethod & { part: string }>()
  const modes = new Map<string, 'approve' | 'reject'>()
  const log: PersonaActivity[] = []
  const subscribers = new Set<() => void>()
  const changed = () => {
    for (const fn of [...subscribers]) fn()
  }
  const record = (method: string, outcome: PersonaActivity['outcome'], part: string) => {
    log.push({ method, outcome, part })
    if (log.length > 100) log.shift()
    changed()
  }
  const rejecting = (part: string) => (part === 'shared' ? [...modes.values()].includes('reject') : modes.get(part) === 'reject')

  return {
    async request(method, params) {
      const id = nextId()
      const answer = (error: PersonaRequestError) => {
        const envelope = { jsonrpc: '2.0' as const, id, error: { code: error.code, message: error.message } }
        if (errorsResolve) return envelope
        throw envelope
      }
      const entry = typeof method === 'string' ? methods.get(method) : undefined
      if (!entry || typeof method !== 'string') {
        record(String(method).slice(0, 64), 'failed', 'shared')
        return answer(new PersonaRequestError(-32601, `Method not found: ${String(method).slice(0, 64)}`))
      }
      const refused = guard?.(method)
      if (refused) {
        record(method, 'failed', entry.part)
        return answer(refused)
      }
      const asks = typeof entry.asks === 'function' ? entry.asks() : entry.asks
      if (asks && rejecting(entry.part)) {
        record(method, 'rejected', entry.part)
        return answer(new PersonaRequestError(rejection.code, rejection.message))
      }
      try {
        const result = await entry.run(params)
        record(method, asks ? 'approved' : 'answered', entry.part)
        return { jsonrpc: '2.0' as const, id, result }
      } catch (error) {
        record(method, 'failed', entry.part)
        return answer(error instanceof PersonaRequestError ? error : new PersonaRequestError(-32603, error instanceof Error ? error.message.slice(0, 300) : String(error)))
      }
    },
    define(part, defined) {
      modes.set(part, modes.get(part) ?? 'approve')
      for (const [name, method] of Object.entries(defined)) methods.set(name, { ...method, part })
      changed()
    },
    has: (method) => methods.has(method),
    control(part, connection) {
      modes.set(part, modes.get(part) ?? 'approve')
      return {
        setMode(mode) {
          modes.set(part, mode)
          changed()
        },
        getMode: () => modes.get(part) ?? 'approve',
        getState: () => ({ connected: connection.connected(), mode: modes.get(part) ?? 'approve' }),
        activity: () => log.filter((entry) => entry.part === part || entry.part === 'shared').map(({ method, outcome }) => ({ method, outcome })),
        disconnect: () => connection.disconnect(),
        subscribe(fn) {
          subscribers.add(fn)
          return () => subscribers.delete(fn)
        },
      }
    },
    changed,
  }
}
