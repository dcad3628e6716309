import { cosmosAddressOf } from '../cosmos/cosmosAddress.js'
import { cosmosSandboxChainId, cosmosSandboxPrefix } from '../cosmos/cosmosSandboxChain.js'
import { devCosmosKey, devCosmosPublicKeyHex } from '../cosmos/devCosmos.js'
import { registerPersona } from '../personas/registerPersona.js'
import type { PersonaHandle } from '../personas/types.js'
import { lazyDevKey } from '../utils/lazyDevKey.js'
import { pageStorage } from '../utils/pageStorage.js'
import { type CosmosDevWalletControl, type CosmosDevWalletProvider, type CosmosWalletDialect, createCosmosDevWallet } from './createCosmosDevWallet.js'

/**
 * The second account a Cosmos persona can move to (`switchAccount`): the next address of the dev
 * mnemonic after the faucet's (`m/44'/118'/0'/0/2`). It holds nothing; it is there to be picked.
 */
export const cosmosPersonaSecondPath = "m/44'/118'/0'/0/2"

export type CreateCosmosPersonaParameters = {
  /** `cosmos/<wallet>`. */
  id: string
  /** The wallet's name as a visitor sees it (its docs page's heading). */
  name: string
  dialect: CosmosWalletDialect & { storageKey: string; keystoreEvent: string }
}

export type CosmosPersona = {
  /** The Keplr-compatible core (the dev wallet's, in this wallet's dialect) the persona's injected object wraps. */
  provider: CosmosDevWalletProvider
  control: CosmosDevWalletControl
  /** Puts the persona's test handle and its panel in the page (call once its object is injected). */
  register(): PersonaHandle
}

/**
 * The part every Cosmos persona shares: the dev wallet's Keplr-compatible core with the sandbox's
 * dev Cosmos key, speaking the persona's dialect (its errors, its keystore event, its storage), a
 * second account to move to, and its registration (`window.__porticoPersonas[id]` and the panel).
 * Each persona then builds the object its wallet injects around `provider`.
 *
 * @example
 * const persona = createCosmosPersona({ id: 'cosmos/keplr', name: 'Keplr', dialect: { storageKey: 'portico.persona.keplr', keystoreEvent: 'keplr_keystorechange' } })
 */
export function createCosmosPersona({ id, name, dialect }: CreateCosmosPersonaParameters): CosmosPersona {
  // Derived on the first signature: a page load does no key math.
  const first = lazyDevKey(devCosmosPublicKeyHex, 'privateKey', () => devCosmosKey())
  const storage = pageStorage()
  const { provider, control } = createCosmosDevWallet({ key: first, knownChains: {}, target: window, dialect, ...(storage ? { storage: storage as Storage } : {}) })
  const accounts = () => [cosmosAddressOf(control.key().publicKey, cosmosSandboxPrefix)] as const
  return {
    provider,
    control,
    register: () =>
      registerPersona(
        id,
        {
          ...control,
          accounts,
          switchAccount() {
            control.switchKey(control.key() === first ? devCosmosKey(cosmosPersonaSecondPath) : first)
            return accounts()
          },
        },
        { name, account: `${accounts()[0].slice(0, 10)}…${accounts()[0].slice(-4)}`, network: `Network: ${cosmosSandboxChainId} (when suggested)` },
      ),
  }
}
