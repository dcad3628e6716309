import type { Chain, CustomTransport, JsonRpcAccount, WalletClient } from 'viem'

/** One EIP-1193 request, as a provider takes it (`{ method, params }`). */
export type Eip155SignerRequest = { method: string; params?: unknown }

/**
 * The eip155 signer a site gets from `portico.getSigner('eip155')` or `useSigner('eip155')`, for
 * its own transactions: the connected wallet as an EIP-1193 provider and as a viem `WalletClient`,
 * through whichever connector holds the connection (an extension, WalletConnect, a Ledger, the
 * embedded wallet). Each member reads the connection when it is called: it follows the visitor's
 * account and network switches, refuses with `NotConnectedError` while nothing is connected, and
 * refuses a transaction for another network with `ChainNotSupportedError` before the wallet is asked.
 *
 * @example
 * const signer = await portico.getSigner('eip155')
 * const wallet = await signer.getWalletClient()
 * const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
 */
export type Eip155Signer = {
  readonly namespace: 'eip155'
  /**
   * EIP-1193 `request` over the connected wallet (hand it to viem's `custom`, ethers'
   * `BrowserProvider`, …). `eth_chainId`, `eth_accounts` and `eth_requestAccounts` are answered
   * from the connection; every other method goes to the wallet (`portico.request`) on the
   * connection's network, after its params are checked: a malformed request is a
   * `ProviderRpcError` -32602, an account the connection does not hold 4100, a transaction or
   * typed data for another chain `ChainNotSupportedError`, and network switches 4200 (use
   * `portico.switchNetwork`, which the connection follows). The wallet's own refusal keeps its
   * code (4001: the visitor said no).
   */
  request(args: Eip155SignerRequest): Promise<unknown>
  /**
   * A viem `WalletClient` for the connection's account and network now (`createWalletClient({
   * account, chain, transport: custom(signer) })`; viem loads on the first call). Ask again after
   * a switch: viem refuses a transaction when the wallet's chain is no longer the client's.
   */
  getWalletClient(): Promise<WalletClient<CustomTransport, Chain, JsonRpcAccount>>
}

declare module '../../../kernel/types/signer.js' {
  // `portico.getSigner('eip155')` and `useSigner('eip155')`, typed once a site imports `portico/eip155`.
  interface PorticoSigners {
    eip155: Eip155Signer
  }
}
