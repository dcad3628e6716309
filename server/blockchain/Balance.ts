/** One balance in `/v1/account/:address/balance`, the incumbent's `Balance` shape. */
export type Balance = {
  name: string
  symbol: string
  /** CAIP-2 id of the chain. */
  chainId: string
  /** CAIP-10 id of the token contract; absent for the native currency. */
  address?: string
  /** USD value of the quantity. */
  value: number
  /** USD price of one unit. */
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
  /**
   * Portico's addition, for chains whose native balance is not all spendable (Substrate): the
   * reserved and frozen parts and what can be transferred, decimals in the token's units.
   */
  breakdown?: { reserved: string; frozen: string; transferable: string }
}

/** What a balance reader returns: the balances and the CAIP-10 ids of tokens it could not read. */
export type BalancesRead = { balances: Balance[]; unavailable: string[] }
