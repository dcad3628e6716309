// `portico/calls`: EIP-5792 batched calls on the handle (sendCalls, getCallsStatus, …).
export { calls } from './calls.js'
export type { CallsOptions } from './calls.js'
