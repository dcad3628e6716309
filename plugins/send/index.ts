// `portico/send`: the Account view's Send — the send form and its review, for every chain plugin that taps `send`.
export { send } from './send.js'
export type { SendOptions, SendPluginStore } from './send.js'
export type { SendButtonState, SendStore, SendStoreDependencies } from './stores/SendStore.js'
