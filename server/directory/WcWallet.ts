/** One injected identity of a wallet: the namespace and the id it announces there (rdns, Wallet Standard name, …). */
export type WcWalletInjected = { namespace?: string; injected_id?: string }

/** A wallet directory entry, in the shape `/getWallets` answers (the incumbent's `WcWallet`). */
export type WcWallet = {
  id: string
  name: string
  homepage?: string | null
  image_id?: string | null
  image_url?: string | null
  order?: number | null
  description?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  link_mode?: string | null
  app_store?: string | null
  play_store?: string | null
  chrome_store?: string | null
  rdns?: string | null
  injected?: WcWalletInjected[] | null
  chains?: string[]
  /** CAIP-2 namespaces it serves whole (any chain of them): a `chains` filter matches every chain of these. */
  namespaces?: string[]
  badge_type?: 'none' | 'certified'
  supports_wc?: boolean
  display_index?: number | null
}
