import { getAddress, isAddress, isHex, type Client } from 'viem'
import { createEip155RpcClient, verifyEip155Message } from '../verifiers/verifyEip155Message.js'
import type { SiwxServerVerifier } from './types.js'

const clients = new Map<string, Client>()

/**
 * The server's eip155 verifier: an EOA signature is checked locally (ecrecover); anything else
 * goes to the chain through viem's `verifyMessage`, whose ERC-6492 universal validator `eth_call`
 * covers deployed EIP-1271 contract wallets and undeployed (EIP-6492) ones. The same check as the
 * browser's (`verifyEip155Message`), one client kept per RPC URL.
 */
export const eip155Verifier: SiwxServerVerifier = {
  label: 'Ethereum',
  isAddress: (address) => isAddress(address, { strict: false }) && getAddress(address) === address,
  async verify({ message, signature, address, rpcUrl }) {
    if (!isHex(signature) || signature.length < 4) return false
    return verifyEip155Message({
      message,
      signature,
      address: address as `0x${string}`,
      client: () => {
        let client = clients.get(rpcUrl)
        if (!client) {
          client = createEip155RpcClient([rpcUrl])
          if (client) clients.set(rpcUrl, client)
        }
        return client
      },
    })
  },
}
