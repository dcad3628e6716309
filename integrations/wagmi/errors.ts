import { BaseError } from '../../kernel/index.js'

const docs = '/guides/wagmi.md'

/** `portico(instance)` was given something that is not a Portico instance (`createPortico`'s result). */
export class InvalidPorticoInstanceError extends BaseError {
  override name = 'InvalidPorticoInstanceError'
  override code = 'WAGMI_INVALID_PORTICO'
  constructor({ received }: { received: string }) {
    super('The wagmi connector needs a Portico instance', {
      docsPath: `${docs}#invalidporticoinstanceerror`,
      metaMessages: [`Received: ${received}`, 'Pass the result of createPortico({ … }).'],
    })
  }
}

/** The Portico instance has no chain plugin for the eip155 namespace, so there is nothing for wagmi to use. */
export class Eip155PluginMissingError extends BaseError {
  override name = 'Eip155PluginMissingError'
  override code = 'WAGMI_EIP155_PLUGIN_MISSING'
  constructor({ plugins }: { plugins: readonly string[] }) {
    super('The Portico instance has no eip155 plugin', {
      docsPath: `${docs}#eip155pluginmissingerror`,
      metaMessages: [`Plugins: ${plugins.length ? plugins.join(', ') : '(none)'}`, "Add eip155() from 'portico/eip155' to createPortico's plugins."],
    })
  }
}

/** wagmi asked for a chain the Portico instance was not configured with (its `networks`). */
export class UnknownPorticoChainError extends BaseError {
  override name = 'UnknownPorticoChainError'
  override code = 'WAGMI_UNKNOWN_CHAIN'
  constructor({ chainId, known }: { chainId: number; known: readonly string[] }) {
    super(`Portico has no network for chain ${chainId}`, {
      docsPath: `${docs}#unknownporticochainerror`,
      metaMessages: [`Portico's eip155 networks: ${known.length ? known.join(', ') : '(none)'}`, "Give createPortico the same chains as wagmi's createConfig."],
    })
  }
}
