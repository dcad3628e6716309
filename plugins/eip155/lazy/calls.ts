// The EIP-5792 encoders and checks and the account-type reads, loaded with `await import()` the first
// time a wallet is connected or a batch is sent: a site pays for them only when it uses them.
export { typedAccounts } from '../accountType/typedAccounts.js'
export { readDeployed } from '../accountType/readDeployed.js'
export { parseCallsStatus } from '../calls/parseCallsStatus.js'
export { parseCapabilities } from '../calls/parseCapabilities.js'
export { parseSendCallsResult } from '../calls/parseSendCallsResult.js'
export { readSequentialStatus } from '../calls/readSequentialStatus.js'
export { toSendCallsParams } from '../calls/toSendCallsParams.js'
