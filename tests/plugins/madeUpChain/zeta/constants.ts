/** The made-up chain's CAIP-2 namespace. */
export const zetaNamespace = 'zeta'

/** The requests a zeta wallet answers over a channel (a WalletConnect session). */
export const zetaMethods = { sign: 'zeta_signMessage', send: 'zeta_sendTransfer' } as const
