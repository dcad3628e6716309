import { createHash } from 'node:crypto'

import { toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const keyOf = (phrase: string) => privateKeyToAccount(toHex(createHash('sha256').update(phrase).digest()))

/**
 * The sandbox's own ERC-4337 keys (sha256 of a phrase, like the EVM faucet's), none of them a dev
 * account, so tests that count the dev accounts' nonces and balances are not disturbed:
 * - `deployer` sends the CREATE2 deployments and the paymaster's deposit;
 * - `paymasterSigner` is the VerifyingPaymaster's `verifyingSigner` (the paymaster service signs with it);
 * - `bundlerExecutor` / `bundlerUtility` are alto's executor and utility keys, one pair per devnet
 *   (the two anvils are separate chains, so the same keys serve both).
 *
 * @example
 * sandboxAccountAbstractionKeys.paymasterSigner.address
 */
export const sandboxAccountAbstractionKeys = {
  deployer: keyOf('portico sandbox account abstraction deployer'),
  paymasterSigner: keyOf('portico sandbox verifying paymaster signer'),
  bundlerExecutor: keyOf('portico sandbox bundler executor'),
  bundlerUtility: keyOf('portico sandbox bundler utility'),
} as const

/** The private keys alto is started with (they stay on the machine: alto runs on 127.0.0.1). */
export const sandboxBundlerPrivateKeys = {
  executor: toHex(createHash('sha256').update('portico sandbox bundler executor').digest()),
  utility: toHex(createHash('sha256').update('portico sandbox bundler utility').digest()),
} as const
