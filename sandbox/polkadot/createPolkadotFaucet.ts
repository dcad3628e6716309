import { sha256 } from '@noble/hashes/sha2.js'
import * as sr25519 from '@scure/sr25519'
import { formatDecimalUnits } from '../../kernel/kernel.js'
import { definePolkadotNetwork } from '../../plugins/polkadot/index.js'
import { encodeSs58, planPolkadotTransfer, sendPolkadotTransfer, waitForPolkadotTransaction } from '../../plugins/polkadot/server/index.js'
import { sandboxPolkadotChain } from '../config.js'
import { signPolkadotPayload, signPolkadotRaw, type SignerPayload } from '../polkadotWallet/signPolkadotPayload.js'
import { polkadotSandboxGenesisHash, polkadotSandboxSs58Prefix } from './polkadotSandboxChain.js'
import type { PolkadotNode } from './startPolkadotNode.js'

/** The faucet's premine: 1,000,000,000 ROC (12 decimals). */
const premine = 1_000_000_000n * 10n ** 12n

/** Pays ROC from the faucet key with real signed `balances.transferKeepAlive` extrinsics. */
export type PolkadotFaucet = {
  /** The faucet's address (SS58, prefix 42). */
  address: string
  /** Pays `amount` planck to `recipient`; resolves with the extrinsic hash once it is in a block and succeeded. */
  pay(recipient: string, amount: bigint): Promise<string>
}

/**
 * The sandbox chain's faucet: an sr25519 key (mini secret sha256("portico sandbox polkadot
 * faucet")) given 1,000,000,000 ROC in storage at start, paying with `balances.transferKeepAlive`
 * extrinsics built as the polkadot plugin builds them (so the existential-deposit rule is explained
 * the same way), signed as the dev wallet signs, checked by the runtime like any other, one at a
 * time, each followed until its block's events say it succeeded.
 *
 * @param node the running node
 * @returns the faucet
 * @example
 * await (await createPolkadotFaucet(node)).pay(address, 10n ** 12n)
 */
export async function createPolkadotFaucet(node: PolkadotNode): Promise<PolkadotFaucet> {
  const secretKey = sr25519.secretFromSeed(sha256(new TextEncoder().encode('portico sandbox polkadot faucet')))
  const address = encodeSs58(sr25519.getPublicKey(secretKey), polkadotSandboxSs58Prefix)
  await node.setStorage({ System: { Account: [[[address], { providers: 1, data: { free: premine.toString() } }]] } })
  const { name, nativeCurrency } = sandboxPolkadotChain
  const network = definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: polkadotSandboxSs58Prefix, name, rpcUrls: [node.rpcUrl], nativeCurrency })
  let queue: Promise<unknown> = Promise.resolve()
  const payNow = async (recipient: string, amount: bigint) => {
    const plan = await planPolkadotTransfer({ request: { namespace: 'polkadot', connectorId: 'faucet', from: address, to: recipient, amount: formatDecimalUnits(amount, nativeCurrency.decimals), network } })
    const hash = await sendPolkadotTransfer({
      network,
      plan,
      address,
      signPayload: async (payload) => ({ id: 0, signature: signPolkadotPayload(payload as unknown as SignerPayload, secretKey) }),
      signRaw: async ({ data }) => ({ id: 0, signature: signPolkadotRaw(data, secretKey) }),
    })
    const status = await waitForPolkadotTransaction({ network, hash, timeoutMs: 20_000, fromBlock: plan.atBlockNumber, intervalMs: 50 })
    if (status !== 'confirmed') throw new Error(`The faucet payment ${hash} ${status === 'failed' ? 'failed on chain' : 'was not included in time'}`)
    return hash
  }
  return {
    address,
    pay: (recipient, amount) => {
      const next = queue.then(() => payNow(recipient, amount))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
