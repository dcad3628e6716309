import { FrameFailure } from '../errors.js'
import { credentialIdOf, openRecoveryShare, prfSaltOf, sealRecoveryShare, type RecoveryEnvelope, type RecoveryKeys } from './recoveryEnvelope.js'
import { createRecoveryPasskey, evaluatePasskey, passkeysPossible, type Credentials } from './recoveryPasskey.js'
import { renderRecoveryScreen, type RecoveryScreen } from './renderRecoveryScreen.js'

/** What the flows need from the frame's page. */
export type RecoveryFlowOptions = {
  document: Document
  /** `navigator.credentials` (absent: password only). */
  credentials?: Credentials
  /** The wallet origin's host name (`location.hostname`): the passkey's RP id. */
  hostname: string
  /** The screen appeared (`true`) or went (`false`): the site shows the frame meanwhile. */
  onShown(shown: boolean): void
}

const message = (error: unknown) => (error instanceof FrameFailure ? error.shortMessage : 'That did not work; try again.')

/**
 * The frame's recovery screens (docs/guides/embedded-wallet.md §2.1): `unlock` opens a protected
 * recovery share on a new browser with the visitor's passkey or password; `choose` asks how to
 * protect it (a new passkey, or a password) and answers the sealer of the new recovery share.
 * Only one screen shows at a time; `cancel` takes it away.
 *
 * @example
 * const recovery = createRecoveryFlows({ document, credentials: navigator.credentials, hostname: location.hostname, onShown })
 * const share = await recovery.unlock(userId, envelope)
 */
export function createRecoveryFlows(options: RecoveryFlowOptions) {
  const possible = passkeysPossible(options.hostname, options.credentials)
  let current: RecoveryScreen | undefined

  async function withScreen<T>(mode: 'setup' | 'unlock', passkey: boolean, run: (screen: RecoveryScreen) => Promise<T>): Promise<T> {
    current?.close()
    const screen = renderRecoveryScreen(options.document, { mode, passkey, passkeyPossible: possible })
    current = screen
    options.onShown(true)
    try {
      return await run(screen)
    } finally {
      screen.close()
      if (current === screen) {
        current = undefined
        options.onShown(false)
      }
    }
  }

  return {
    /** Asks the visitor for the passkey or password that opens `envelope`; answers the share, or throws USER_REJECTED (cancelled). */
    unlock(userId: string, envelope: RecoveryEnvelope): Promise<string> {
      return withScreen('unlock', envelope.passkey !== undefined, async (screen) => {
        for (;;) {
          const choice = await screen.next()
          if (choice.kind === 'cancel') throw new FrameFailure('USER_REJECTED', 'The visitor did not unlock the wallet\'s recovery')
          try {
            let keys: RecoveryKeys
            if (choice.kind === 'passkey') {
              const credentialId = credentialIdOf(envelope)
              const prfSalt = prfSaltOf(envelope)
              if (!credentialId || !prfSalt || !options.credentials) continue
              keys = { passkey: { credentialId: envelope.passkey!.credentialId, prfSalt, prfOutput: await evaluatePasskey(options.credentials, credentialId, prfSalt) } }
            } else {
              screen.busy('Unlocking…')
              keys = { password: choice.password }
            }
            const share = await openRecoveryShare(userId, envelope, keys)
            if (share !== undefined) return share
            screen.say(choice.kind === 'passkey' ? 'This passkey does not unlock this wallet.' : 'That is not the recovery password.')
          } catch (error) {
            screen.say(message(error))
          }
        }
      })
    },

    /**
     * Asks the visitor how to protect the recovery, then runs `protect` with the sealer of the new
     * recovery share; answers `false` when they chose "Not now".
     */
    setup(userId: string, label: string, protect: (seal: (share: string) => Promise<RecoveryEnvelope>) => Promise<void>): Promise<boolean> {
      return withScreen('setup', true, async (screen) => {
        for (;;) {
          const choice = await screen.next()
          if (choice.kind === 'cancel') return false
          try {
            let keys: RecoveryKeys
            if (choice.kind === 'passkey') {
              if (!options.credentials) continue
              keys = { passkey: await createRecoveryPasskey(options.credentials, { userId, label }) }
            } else keys = { password: choice.password }
            screen.busy('Protecting your wallet…')
            await protect((share) => sealRecoveryShare(userId, share, keys))
            return true
          } catch (error) {
            // A session too old (or gone) cannot protect anything: the site asks for a fresh login.
            if (error instanceof FrameFailure && (error.code === 'REAUTH_REQUIRED' || error.code === 'NOT_LOGGED_IN')) throw error
            screen.say(message(error))
          }
        }
      })
    },

    /** Takes the screen away (the site cancelled, or the session ended): the flow answers as cancelled. */
    cancel(): void {
      current?.close()
    },
  }
}

export type RecoveryFlows = ReturnType<typeof createRecoveryFlows>
