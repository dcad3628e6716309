// A sandbox transaction without a receipt says why, from what anvil holds of it: a transaction
// waiting in the pool (mining off), one whose nonce leaves a gap, one the node never saw.
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { jsonRpcCall } from '../../../sandbox/chains/SandboxChain.js'
import { confirmTransaction, describeStuckTransaction } from '../../../sandbox/devnets/confirmTransaction.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
})
afterAll(async () => {
  await anvil?.stop()
})

function clients() {
  const chain = defineChain({ id: 31337, name: 'test', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
  return {
    client: createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 25 }),
    wallet: createWalletClient({ account: devAccount(5), chain, transport: http(anvil.rpcUrl) }),
  }
}

describe('confirmTransaction', () => {
  it('returns the receipt of a mined transaction', async () => {
    const { client, wallet } = clients()
    const hash = await wallet.sendTransaction({ to: devAddresses[6] as Hex, value: parseEther('1') })
    const receipt = await confirmTransaction({ client, rpcUrl: anvil.rpcUrl, hash, step: 'paying' })
    expect(receipt.status).toBe('success')
  })

  it('names the step and what the node holds when no receipt comes: pending with mining off, a nonce gap, an unknown hash', async () => {
    const { client, wallet } = clients()
    await jsonRpcCall(anvil.rpcUrl, 'evm_setAutomine', [false])
    try {
      const next = await client.getTransactionCount({ address: wallet.account.address })
      const waiting = await wallet.sendTransaction({ to: devAddresses[6] as Hex, value: 1n, nonce: next })
      await expect(confirmTransaction({ client, rpcUrl: anvil.rpcUrl, hash: waiting, step: 'paying', timeoutMs: 300 })).rejects.toThrow(
        new RegExp(`^paying: no receipt for ${waiting} in 0\\.3 s; pending in the pool: nonce ${next}, the sender's next is ${next}; fee cap \\d+ wei, base fee \\d+ wei at block \\d+; automine: false$`),
      )
      const gap = await wallet.sendTransaction({ to: devAddresses[6] as Hex, value: 1n, nonce: next + 5 })
      expect(await describeStuckTransaction(anvil.rpcUrl, gap)).toMatch(new RegExp(`^pending in the pool: nonce ${next + 5}, the sender's next is ${next} \\(a gap\\); `))
    } finally {
      await jsonRpcCall(anvil.rpcUrl, 'evm_setAutomine', [true])
    }
    expect(await describeStuckTransaction(anvil.rpcUrl, `0x${'ab'.repeat(32)}`)).toBe('the node does not know the transaction (automine: true)')
    expect(await describeStuckTransaction('http://127.0.0.1:9', `0x${'ab'.repeat(32)}`)).toMatch(/^the node could not be asked about it \(/)
  })
})
