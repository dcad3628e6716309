/** The views the UI registers (spec §2); plugins register more by id (`View` is open). */
export type KnownView =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'Networks'
  | 'ConnectingExternal'
  | 'WalletLinks'
  | 'GetWallet'
  | 'SwitchNetwork'
  | 'SwitchActiveChain'
  | 'UnsupportedChain'
  | 'WalletSend'
  | 'WalletSendPreview'
  | 'WalletReceive'
  | 'ProfileWallets'
export type View = KnownView | (string & {})

/** Data carried by a route (e.g. the network for SwitchNetwork). */
export type RouteData = Record<string, unknown>

/** A lazily loaded view a plugin or the UI registers; the kernel only keeps descriptors. */
export type ViewDescriptor = {
  id: View
  /** Locale key of the view's title. */
  title: string
  /**
   * Locale key of the title when the route names a wallet (`{ wallet }` or `{ connector }` with a
   * `name`, given to the text as `{wallet}`): WalletConnect's pairing view is titled "WalletConnect"
   * from its own button and by the wallet's name when a directory wallet opened it.
   */
  titleWithWallet?: string
  /**
   * Loads the view on first use and resolves to its component (a React component; a module whose
   * `default` is one also works): `() => import('./views/MyView.js').then((m) => m.MyView)`.
   */
  load: () => Promise<unknown>
  /** Registered by this plugin (or 'ui'). */
  owner?: string
  /** Replace a view another owner registered under the same id (without it, a second owner is an error). */
  override?: boolean
  /** The view `open()` shows under `manualWCControl` (a manual pairing); at most one plugin registers one. */
  manualPairing?: boolean
}
