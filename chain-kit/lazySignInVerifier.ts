import type { SignInVerifier } from '../kernel/index.js'

/** What a chain plugin's signature check takes: the signed text, the signature and the signer's address (and the network). */
export type SignInVerify = (parameters: Parameters<SignInVerifier['verify']>[0]) => Promise<boolean>

/**
 * A chain adapter's `signInVerifier` whose checking code (its curve, its encoding) loads only when
 * a sign-in is verified: the shape every chain plugin's verifier has.
 *
 * @param label the account line's network label in the sign-in message, e.g. "Cosmos"
 * @param load imports the plugin's check
 * @example
 * signInVerifier: lazySignInVerifier('Cosmos', async () => (await import('../actions/verifyCosmosSignature.js')).verifyCosmosSignature)
 */
export function lazySignInVerifier(label: string, load: () => Promise<SignInVerify>): SignInVerifier {
  return {
    label,
    async verify(parameters) {
      return (await load())(parameters)
    },
  }
}
