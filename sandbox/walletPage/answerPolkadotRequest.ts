import { bytesToHex as toHex } from 'viem'
import type { PolkadotDevExtension } from '../polkadotWallet/createPolkadotDevWallet.js'
import type { SignerPayload } from '../polkadotWallet/signPolkadotPayload.js'

/** The polkadot namespace's WalletConnect methods the wallet page answers. */
export const polkadotWalletConnectMethods = ['polkadot_signTransaction', 'polkadot_signMessage'] as const

/** A refusal with a wallet's JSON-RPC code. */
export class PolkadotRequestError extends Error {
  override name = 'PolkadotRequestError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/**
 * Answers a WalletConnect `polkadot_*` request as a Polkadot wallet does (Reown's Polkadot RPC
 * reference), through the dev extension's signer: `polkadot_signTransaction { address,
 * transactionPayload }` → `{ signature }` (the `SignerPayloadJSON` signed as `signPayload` signs
 * it); `polkadot_signMessage { address, message }` → `{ signature }` (`signRaw` of the message, its
 * UTF-8 bytes unless it is already `0x` hex).
 *
 * @returns the answer
 * @throws PolkadotRequestError (4100 another account, -32602 bad params, 4200 another method)
 * @example
 * await answerPolkadotRequest({ method: 'polkadot_signMessage', params: { address, message: 'hi' }, extension })
 */
export async function answerPolkadotRequest({ method, params, extension }: { method: string; params: unknown; extension: PolkadotDevExtension }): Promise<{ signature: string }> {
  const { address, transactionPayload, message } = (params ?? {}) as { address?: unknown; transactionPayload?: unknown; message?: unknown }
  if (typeof address !== 'string' || address.length > 60) throw new PolkadotRequestError(-32602, 'params.address must be an SS58 address')
  const accounts = await extension.accounts.get()
  if (!accounts.some((a) => a.address === address)) throw new PolkadotRequestError(4100, `This wallet does not hold ${address.slice(0, 60)}`)
  try {
    if (method === 'polkadot_signTransaction') {
      if (typeof transactionPayload !== 'object' || transactionPayload === null) throw new PolkadotRequestError(-32602, 'params.transactionPayload must be a SignerPayloadJSON')
      const payload = transactionPayload as SignerPayload
      if (payload.address !== address) throw new PolkadotRequestError(-32602, 'The payload is for another address')
      return { signature: (await extension.signer.signPayload(payload)).signature }
    }
    if (method === 'polkadot_signMessage') {
      if (typeof message !== 'string' || message.length > 64 * 1024) throw new PolkadotRequestError(-32602, 'params.message must be a string')
      const data = /^0x(?:[0-9a-fA-F]{2})*$/.test(message) ? message : toHex(new TextEncoder().encode(message))
      return { signature: (await extension.signer.signRaw({ address, data, type: 'bytes' })).signature }
    }
  } catch (error) {
    if (error instanceof PolkadotRequestError) throw error
    const code = (error as { code?: unknown }).code
    throw new PolkadotRequestError(typeof code === 'number' ? code : -32603, (error as Error).message)
  }
  throw new PolkadotRequestError(4200, `Unsupported method ${method}`)
}
