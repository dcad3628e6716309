// `portico/testing`: the chain-plugin contract, for Portico's own plugins and third parties'.
export { capabilityHooks, checkPlugin } from './checkPlugin.js'
export type { CheckPluginParameters, CheckPluginReturnType } from './checkPlugin.js'
