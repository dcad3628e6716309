import { parseCapabilities } from './parseCapabilities.js'

/** What asking an EVM wallet takes: its EIP-1193 `request`. */
export type WalletRequester = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/**
 * An account's type as its wallet reports it (contract §1): `smartAccount` when
 * `wallet_getCapabilities [address]` says `atomic.status: 'supported'` on any chain; `eoa` otherwise,
 * including for a wallet without the method, a malformed answer or no answer within `timeoutMs`
 * (an account the wallet can batch only after an upgrade, `ready`, stays `eoa`).
 *
 * @example
 * await detectAccountType(provider, '0x…') // 'smartAccount'
 */
export async function detectAccountType(wallet: WalletRequester, address: string, { timeoutMs = 1_500 } = {}): Promise<'eoa' | 'smartAccount'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const answer = await Promise.race([
      wallet.request({ method: 'wallet_getCapabilities', params: [address] }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)
      }),
    ])
    const byChain = parseCapabilities(answer)
    return Object.values(byChain).some((capabilities) => (capabilities.atomic as { status?: unknown } | undefined)?.status === 'supported') ? 'smartAccount' : 'eoa'
  } catch {
    return 'eoa'
  } finally {
    clearTimeout(timer)
  }
}
