/** The built-in views of the modal (spec §2); plugins may register more by id. */
export type KnownView =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'Networks'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingExternal'
  | 'ConnectingFarcaster'
  | 'EmailLogin'
  | 'ProfileWallets'
  | 'UpdateEmailWallet'
  | 'SwitchNetwork'
  | 'SwitchActiveChain'
  | 'UnsupportedChain'
  | 'DataCapture'
  | 'SIWXSignMessage'
  | 'ApproveTransaction'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'Swap'
  | 'WalletSend'
export type View = KnownView | (string & {})

/** Data carried by a route (e.g. the network for SwitchNetwork). */
export type RouteData = Record<string, unknown>

/** A lazily loaded view a plugin or the UI registers; the kernel only keeps descriptors. */
export type ViewDescriptor = {
  id: View
  /** Locale key of the view's title. */
  title: string
  /** Loads the view's module on first use. */
  load: () => Promise<unknown>
  /** Registered by this plugin (or 'ui'). */
  owner?: string
}
