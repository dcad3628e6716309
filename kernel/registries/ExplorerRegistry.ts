import type { ChainNamespace } from '../types/caip.js'
import type { Network } from '../types/network.js'
import { safeHttpUrl } from '../utils/safeHttpUrl.js'

export type ExplorerUrlBuilder = {
  address(network: Network, address: string): string | undefined
  transaction(network: Network, hash: string): string | undefined
}

/** Block-explorer links by namespace, filled by chain plugins (each knows its explorers' paths). */
export class ExplorerRegistry {
  private readonly builders = new Map<ChainNamespace, ExplorerUrlBuilder>()

  register(namespace: ChainNamespace, builder: ExplorerUrlBuilder): void {
    this.builders.set(namespace, builder)
  }

  /** An https link to the address on the network's explorer, or undefined. */
  addressUrl(network: Network | undefined, address: string | undefined): string | undefined {
    if (!network || !address) return undefined
    return this.safe(() => this.builders.get(network.chainNamespace)?.address(network, address))
  }

  /** An https link to the transaction on the network's explorer, or undefined. */
  transactionUrl(network: Network | undefined, hash: string | undefined): string | undefined {
    if (!network || !hash) return undefined
    return this.safe(() => this.builders.get(network.chainNamespace)?.transaction(network, hash))
  }

  private safe(build: () => string | undefined): string | undefined {
    try {
      return safeHttpUrl(build())
    } catch {
      return undefined
    }
  }
}
