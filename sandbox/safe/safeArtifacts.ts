import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

/** The Safe contracts the sandbox deploys, by artifact path under `@safe-global/safe-smart-account/build/artifacts/contracts`. */
export const safeArtifactPaths = {
  SafeL2: 'SafeL2.sol/SafeL2.json',
  SafeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  CompatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  MultiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
} as const

/**
 * One published Safe artifact (hardhat format: `abi`, `bytecode` with `0x`), read from
 * `@safe-global/safe-smart-account` 1.5.0 as shipped.
 *
 * @example
 * const { abi, bytecode } = safeArtifact('SafeL2')
 */
export function safeArtifact(name: keyof typeof safeArtifactPaths): { abi: Abi; bytecode: Hex } {
  const path = require.resolve(`@safe-global/safe-smart-account/build/artifacts/contracts/${safeArtifactPaths[name]}`)
  const json = JSON.parse(readFileSync(path, 'utf8')) as { abi: Abi; bytecode: string }
  return { abi: json.abi, bytecode: (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex }
}
