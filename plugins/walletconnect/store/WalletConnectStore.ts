import { makeAutoObservable, observableRef } from 'mobx'
import type { BaseError, DirectoryWallet, PluginContext } from '../../../kernel/kernel.js'
import { pairingExpiryMarginMs } from '../constants.js'

/** What the store's view-facing actions need from the plugin's context. */
export type WalletConnectStoreActions = Pick<PluginContext, 'showToast' | 'replaceView'>

/** Where a pairing stands: nothing yet, loading the client, a URI to scan, a session, or a failure. */
export type WalletConnectStatus = 'idle' | 'loading' | 'waiting' | 'connected' | 'error'

/** The wallet that answered the proposal, as it described itself (plain text, never trusted as markup). */
export type WalletConnectPeer = { name: string; url: string }


/**
 * The walletconnect plugin's state, registered as `portico.getStore('walletconnect')`: the
 * pairing URI and its expiry, the status, the last error, the directory wallet the visitor
 * picked (for its deep links) and the connected peer. Views read it; only the plugin writes it.
 */
export class WalletConnectStore {
  uri: string | undefined = undefined
  /** When the pairing window ends (ms since epoch). */
  expiry: number | undefined = undefined
  status: WalletConnectStatus = 'idle'
  error: BaseError | undefined = undefined
  wallet: DirectoryWallet | undefined = undefined
  peer: WalletConnectPeer | undefined = undefined
  /** How many URIs this pairing has shown (a fresh one replaces an expired one). */
  uriCount = 0

  constructor(
    private readonly cancelPairing: () => void = () => {},
    private readonly actions?: WalletConnectStoreActions,
  ) {
    makeAutoObservable<WalletConnectStore, 'cancelPairing' | 'actions'>(
      this,
      { cancelPairing: false, actions: false, error: observableRef, wallet: observableRef, peer: observableRef },
      { autoBind: true },
    )
  }

  /** A pairing is under way (from loading the client to a URI waiting to be scanned). */
  get pending(): boolean {
    return this.status === 'loading' || this.status === 'waiting'
  }

  /** Expired when 10 seconds or less remain (spec §5). */
  isExpired(now: number): boolean {
    return this.expiry === undefined || this.expiry - now <= pairingExpiryMarginMs
  }

  /** The directory wallet the visitor picked (its deep links show next to the QR code), or none. */
  setWallet(wallet: DirectoryWallet | undefined): void {
    this.wallet = wallet
  }

  startLoading(): void {
    this.status = 'loading'
    this.error = undefined
    this.uri = undefined
    this.expiry = undefined
    this.uriCount = 0
  }

  setUri(uri: string, expiry: number): void {
    this.uri = uri
    this.expiry = expiry
    this.status = 'waiting'
    this.uriCount += 1
  }

  setConnected(peer: WalletConnectPeer | undefined): void {
    this.status = 'connected'
    this.peer = peer
    this.uri = undefined
    this.expiry = undefined
    this.error = undefined
  }

  setError(error: BaseError): void {
    this.status = 'error'
    this.error = error
    this.uri = undefined
    this.expiry = undefined
  }

  /** Back to idle (the session ended, or the visitor left). */
  reset(): void {
    this.status = 'idle'
    this.uri = undefined
    this.expiry = undefined
    this.error = undefined
    this.peer = undefined
  }

  /** Tells the visitor whether "Copy link" put the URI on the clipboard (a toast, like "Address copied"). */
  reportLinkCopied(copied: boolean): void {
    this.actions?.showToast(copied ? { variant: 'success', message: 'walletconnect.copied' } : { variant: 'error', message: 'walletconnect.copyFailed' })
  }

  /** After a connection, moves the modal on to the view the opener asked for (`redirectView`). */
  continueTo(view: string): void {
    this.actions?.replaceView(view)
  }

  /** The visitor left the QR code: stop waiting for this pairing. */
  cancel(): void {
    if (this.pending) this.cancelPairing()
  }
}
