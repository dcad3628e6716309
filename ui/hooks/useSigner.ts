import { useEffect, useState } from 'react'
import type { ChainNamespace, SignerOf } from '../../kernel/index.js'
import { usePorticoHandle } from './usePorticoHandle.js'
import { usePorticoState } from './usePorticoState.js'

export type UseSignerReturnType<N extends ChainNamespace> = {
  /** The namespace's signer while an account is connected there (`portico.getSigner`); `undefined` otherwise. */
  signer: SignerOf<N> | undefined
  /** Why the signer could not be had (no signer for the namespace, its code failed to load). */
  error: Error | undefined
}

/**
 * The connected account's signer of a namespace, for the site's own transactions, in the shape
 * its ecosystem's SDK takes (typed once the site imports the chain plugin); `undefined` until an
 * account is connected there. The component re-renders when the account or network changes; the
 * signer itself always signs for the current ones.
 *
 * @example
 * const { signer } = useSigner('solana')
 * if (signer) await signer.signAndSendTransaction({ transaction })
 */
export function useSigner<N extends ChainNamespace>(namespace: N): UseSignerReturnType<N> {
  const portico = usePorticoHandle('useSigner')
  const state = usePorticoState('useSigner')
  const connection = state.connections[namespace]
  const connected = connection?.status === 'connected'
  const [loaded, setLoaded] = useState<{ namespace: ChainNamespace; signer?: SignerOf<N>; error?: Error }>()
  useEffect(() => {
    if (!connected) return
    let live = true
    portico.getSigner(namespace).then(
      (signer) => live && setLoaded({ namespace, signer }),
      (error: unknown) => live && setLoaded({ namespace, error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return () => {
      live = false
    }
  }, [portico, namespace, connected])
  const current = loaded?.namespace === namespace ? loaded : undefined
  return { signer: connected ? current?.signer : undefined, error: current?.error }
}
