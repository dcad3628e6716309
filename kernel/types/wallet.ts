import type { ChainNamespace } from './caip.js'
import type { View } from './view.js'

/** How a wallet reaches the page. */
export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT' | 'AUTH' | 'EXTERNAL' | 'MULTI_CHAIN'

/** A wallet a plugin can offer (a "connector"). */
export type WalletConnector = {
  id: string
  name: string
  namespace: ChainNamespace
  type: ConnectorType
  imageUrl?: string
  imageId?: string
  rdns?: string
  explorerId?: string
  /** Members of a merged multi-namespace wallet. */
  connectors?: readonly WalletConnector[]
  /** The view that connecting it shows (default `ConnectingExternal`); the plugin that offers it registers that view. */
  view?: View
  /** One connection covers every namespace it connected: disconnecting one ends all of them. */
  shared?: boolean
  /** It can connect a directory wallet that is not installed (its `view` receives `{ wallet }`). */
  connectsDirectoryWallets?: boolean
  /**
   * It connects by showing a pairing code (a QR code) that may never be scanned: its namespace is
   * not marked `connecting` while the code shows, only the wallet's answer changes the status.
   */
  pairing?: boolean
}

/** A wallet directory entry (`/getWallets`). */
export type DirectoryWallet = {
  id: string
  name: string
  image_id?: string | null
  image_url?: string | null
  homepage?: string | null
  mobile_link?: string | null
  /** The wallet's https universal link for WalletConnect (opened before `mobile_link` on a phone). */
  link_mode?: string | null
  /** The wallet's in-app browser link for a page, an https template (see `walletBrowseLink`). */
  browse_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  app_store?: string | null
  play_store?: string | null
  chrome_store?: string | null
  rdns?: string | null
  chains?: string[]
  badge_type?: 'none' | 'certified'
  injected?: { namespace?: string; injected_id?: string }[] | null
}
