// What building an EVM transfer request needs from viem, loaded with `await import()` on the first send.
export { encodeFunctionData, numberToHex, parseUnits } from 'viem'
