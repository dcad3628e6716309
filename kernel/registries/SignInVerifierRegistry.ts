import type { ChainNamespace } from '../types/caip.js'
import type { Network } from '../types/network.js'

/** What a chain plugin tells the sign-in plugin about its namespace (CAIP-122). */
export type SignInVerifier = {
  /** The account line's network label in the message, e.g. "Ethereum" (EIP-4361) or "Solana". */
  label: string
  /**
   * Whether `signature` signs `message` for `address` on `network`. Chain plugins verify the way
   * their namespace does (eip155: EOA, EIP-1271 and EIP-6492 through the chain).
   */
  verify(parameters: { message: string; signature: string; address: string; network: Network }): Promise<boolean>
}

/** Sign-in verifiers by namespace, filled by chain plugins, read by the sign-in plugin. */
export class SignInVerifierRegistry {
  private readonly verifiers = new Map<ChainNamespace, SignInVerifier>()

  register(namespace: ChainNamespace, verifier: SignInVerifier): void {
    this.verifiers.set(namespace, verifier)
  }

  get(namespace: ChainNamespace): SignInVerifier | undefined {
    return this.verifiers.get(namespace)
  }

  has(namespace: ChainNamespace): boolean {
    return this.verifiers.has(namespace)
  }
}
