import { createRequire } from 'node:module'

import type { Abi, Hex } from 'viem'

/** The parts of a hardhat artifact the sandbox uses. */
export type AccountAbstractionArtifact = { abi: Abi; bytecode: Hex }

const load = (name: string): AccountAbstractionArtifact => {
  const artifact = createRequire(import.meta.url)(`@account-abstraction/contracts/artifacts/${name}.json`) as AccountAbstractionArtifact
  return { abi: artifact.abi, bytecode: artifact.bytecode }
}

/**
 * The contracts of `@account-abstraction/contracts` 0.7.0 the sandbox deploys, read from the
 * package's hardhat artifacts (node only: the dev wallet carries its own small ABIs).
 *
 * @example
 * const { bytecode } = accountAbstractionArtifacts().entryPoint
 */
export function accountAbstractionArtifacts(): { entryPoint: AccountAbstractionArtifact; simpleAccountFactory: AccountAbstractionArtifact; verifyingPaymaster: AccountAbstractionArtifact } {
  return { entryPoint: load('EntryPoint'), simpleAccountFactory: load('SimpleAccountFactory'), verifyingPaymaster: load('VerifyingPaymaster') }
}
