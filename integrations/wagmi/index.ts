// `portico/wagmi`: the eip155 connection of a Portico instance as a wagmi connector.
export { portico } from './portico.js'
export type { PorticoConnectorErrorType, PorticoConnectorParameters, PorticoConnectorReturnType } from './portico.js'
export { createPorticoProvider } from './createPorticoProvider.js'
export type { CreatePorticoProviderParameters, CreatePorticoProviderReturnType, PorticoProvider, PorticoProviderEvent } from './createPorticoProvider.js'
export { Eip155PluginMissingError, InvalidPorticoInstanceError, UnknownPorticoChainError } from './errors.js'
