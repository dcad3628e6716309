// The EIP-5792 and account-type actions the plugin lends the handle, loaded with `await import()` on the first call.
export { applyDefaultAccountType } from '../../kernel/actions/applyDefaultAccountType.js'
export { fetchUserOperationReceipt } from '../../kernel/actions/fetchUserOperationReceipt.js'
export { getCallsStatus } from '../../kernel/actions/getCallsStatus.js'
export { getCapabilities } from '../../kernel/actions/getCapabilities.js'
export { sendCalls } from '../../kernel/actions/sendCalls.js'
export { showCallsStatus } from '../../kernel/actions/showCallsStatus.js'
export { switchAccountType } from '../../kernel/actions/switchAccountType.js'
export { waitForCallsStatus } from '../../kernel/actions/waitForCallsStatus.js'
