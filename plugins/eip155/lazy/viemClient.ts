// What reading a balance and waiting for a receipt need from viem, loaded with `await import()` on the first read. Named
// imports, a bare client and the one action keep it small (createPublicClient brings every action).
export { createClient, fallback, formatUnits, http } from 'viem'
export { getBalance, getCode, getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions'
