import type { Address, Hex, LocalAccount } from 'viem'
import { privateKeyToAccount, toAccount } from 'viem/accounts'
import { once } from '../utils/once.js'

/**
 * A viem local account for a private key whose address is already known: the key becomes a signer
 * (a secp256k1 public key, so the curve's tables) on the first signature, not when the page loads.
 *
 * @param address the key's address (a test pins the dev wallet's to its key)
 * @param privateKey the key
 * @returns a local account signing with the key
 * @example
 * const account = lazyLocalAccount(devAddresses[0], devPrivateKeys[0])
 */
export function lazyLocalAccount(address: Address, privateKey: Hex): LocalAccount {
  const signer = once(() => {
    const account = privateKeyToAccount(privateKey)
    if (account.address.toLowerCase() !== address.toLowerCase()) throw new Error(`lazyLocalAccount: the key is not ${address}'s`)
    return account
  })
  return toAccount({
    address,
    sign: async (parameters) => signer().sign(parameters),
    signAuthorization: async (parameters) => signer().signAuthorization(parameters),
    signMessage: async (parameters) => signer().signMessage(parameters),
    signTransaction: async (transaction, options) => signer().signTransaction(transaction, options),
    signTypedData: (typedData) => signer().signTypedData(typedData),
  })
}
