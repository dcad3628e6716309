import { ApiPromise, HttpProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Network, SendRequest } from '../../../kernel/kernel.js'
import { planPolkadotTransfer } from '../../../plugins/polkadot/actions/planPolkadotTransfer.js'
import { readPolkadotAccount } from '../../../plugins/polkadot/actions/readPolkadotAccount.js'
import { sendPolkadotTransfer } from '../../../plugins/polkadot/actions/sendPolkadotTransfer.js'
import { waitForPolkadotTransaction } from '../../../plugins/polkadot/actions/waitForPolkadotTransaction.js'
import { PolkadotAmountError, PolkadotTransactionRefusedError } from '../../../plugins/polkadot/errors.js'
import { definePolkadotNetwork } from '../../../plugins/polkadot/networks/definePolkadotNetwork.js'
import { decodeSs58 } from '../../../plugins/polkadot/utils/ss58.js'
import { devMnemonic } from '../../../sandbox/devnets/devAccounts.js'
import { createPolkadotFaucet, type PolkadotFaucet } from '../../../sandbox/polkadot/createPolkadotFaucet.js'
import { devPolkadotAccounts, devPolkadotAddress } from '../../../sandbox/polkadot/devPolkadot.js'
import { polkadotSandboxGenesisHash } from '../../../sandbox/polkadot/polkadotSandboxChain.js'
import { type PolkadotNode, startPolkadotNode } from '../../../sandbox/polkadot/startPolkadotNode.js'
import { createPolkadotJsSigner } from '../../helpers/createPolkadotJsSigner.js'
import { pickSandboxPort } from '../../helpers/pickSandboxPort.js'

const roc = 10n ** 12n
let node: PolkadotNode
let faucet: PolkadotFaucet
let api: ApiPromise
let network: Network

beforeAll(async () => {
  node = await startPolkadotNode({ port: (await pickSandboxPort()) + 6 })
  faucet = await createPolkadotFaucet(node)
  api = await ApiPromise.create({ provider: new HttpProvider(node.rpcUrl), noInitWarn: true })
  network = definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Portico Substrate Devnet', rpcUrls: [node.rpcUrl], nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 } })
  await cryptoWaitReady()
})
afterAll(async () => {
  await api?.disconnect()
  await node?.stop()
})

const free = async (address: string) => (await api.query.system.account(address)).data.free.toBigInt()
async function nextBlock(after: number) {
  for (let i = 0; i < 200; i++) {
    const n = (await api.rpc.chain.getHeader()).number.toNumber()
    if (n > after) return n
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('no block was built')
}

describe('the sandbox Substrate chain, driven by @polkadot/api', () => {
  test('reports the placeholder genesis hash the CAIP-2 id is built from, and the Rococo Asset Hub runtime', async () => {
    expect(api.genesisHash.toHex()).toBe(polkadotSandboxGenesisHash)
    expect(api.runtimeVersion.specName.toString()).toBe('statemine')
  })

  test('the faucet pays any SS58 address with a real transfer', async () => {
    const someone = new Keyring({ type: 'sr25519' }).addFromUri('//PorticoFaucetTest').address
    const txid = await faucet.pay(someone, 5n * roc)
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await free(someone)).toBe(5n * roc)
  })

  test('a transfer signed by @polkadot/keyring moves the amount and charges a fee; a replay, a past nonce and a tampered extrinsic are refused', async () => {
    const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
    const alice = keyring.addFromUri('//PorticoAlice')
    const bob = keyring.addFromUri('//PorticoBob').address
    await faucet.pay(alice.address, 100n * roc)
    const before = await free(alice.address)
    const tx = api.tx.balances.transferKeepAlive(bob, 3n * roc)
    await tx.signAsync(alice)
    const head = (await api.rpc.chain.getHeader()).number.toNumber()
    await api.rpc.author.submitExtrinsic(tx)
    await nextBlock(head)
    expect(await free(bob)).toBe(3n * roc)
    const spent = before - (await free(alice.address))
    expect(spent > 3n * roc).toBe(true)

    await expect(api.rpc.author.submitExtrinsic(tx)).rejects.toThrow(/stale/)
    const past = api.tx.balances.transferKeepAlive(bob, roc)
    await past.signAsync(alice, { nonce: 0 })
    await expect(api.rpc.author.submitExtrinsic(past)).rejects.toThrow(/stale/)
    const fresh = api.tx.balances.transferKeepAlive(bob, roc)
    await fresh.signAsync(alice)
    const bytes = fresh.toU8a()
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1 // the amount's last byte, after signing
    await expect(api.rpc.author.submitExtrinsic(bytes)).rejects.toThrow(/badProof/)
    const forged = api.tx.balances.transferKeepAlive(bob, roc)
    await forged.signAsync(keyring.addFromUri('//Mallory'), { nonce: (await api.rpc.system.accountNextIndex(alice.address)).toNumber() })
    const forgedBytes = forged.toU8a()
    // the signer's account id swapped for alice's: the signature no longer matches the signer
    forgedBytes.set(alice.publicKey, forgedBytes.indexOf(0x00, 3) + 1)
    await expect(api.rpc.author.submitExtrinsic(forgedBytes)).rejects.toThrow(/badProof|Invalid/)
  })
})

describe("the plugin's transfer path against the runtime", () => {
  const request = (to: string, amount: string): SendRequest => ({ namespace: 'polkadot', connectorId: 'polkadot-js', from: devPolkadotAddress(0), to, amount, network })

  test('plans the exact fee, a polkadot-js-made signature is accepted, the receiver gets the amount and the follow says confirmed', async () => {
    const signer = await createPolkadotJsSigner(devPolkadotAccounts[0].suri)
    await faucet.pay(devPolkadotAddress(0), 100n * roc)
    const receiver = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri('//PorticoReceiver1').address
    const before = await free(devPolkadotAddress(0))
    const plan = await planPolkadotTransfer({ request: request(receiver, '1.25') })
    expect(plan.fee > 0n).toBe(true)
    const hash = await sendPolkadotTransfer({ network, plan, address: devPolkadotAddress(0), signPayload: signer.signPayload as never, signRaw: signer.signRaw as never })
    expect(await waitForPolkadotTransaction({ network, hash, timeoutMs: 10_000, fromBlock: plan.atBlockNumber })).toBe('confirmed')
    expect(await free(receiver)).toBe(1_250_000_000_000n)
    // what the review showed is what was charged
    expect(before - (await free(devPolkadotAddress(0)))).toBe(1_250_000_000_000n + plan.fee)
    const account = await readPolkadotAccount({ network, publicKey: decodeSs58(receiver)!.publicKey })
    expect(account).toMatchObject({ free: 1_250_000_000_000n, reserved: 0n, transferable: 1_250_000_000_000n })
  })

  test('a signature by another key is refused by the node with a clear error', async () => {
    const wrong = await createPolkadotJsSigner(`${devMnemonic}//1`)
    const receiver = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri('//PorticoReceiver2').address
    const plan = await planPolkadotTransfer({ request: request(receiver, '1') })
    const error = await sendPolkadotTransfer({ network, plan, address: devPolkadotAddress(0), signPayload: wrong.signPayload as never, signRaw: wrong.signRaw as never }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PolkadotTransactionRefusedError)
    expect((error as Error).message).toMatch(/badProof/)
  })

  test('the existential-deposit rule is explained before any wallet is asked', async () => {
    const fresh = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri('//PorticoNobody').address
    const tiny = await planPolkadotTransfer({ request: request(fresh, '0.000000000001') }).catch((e: unknown) => e)
    expect(tiny).toBeInstanceOf(PolkadotAmountError)
    expect((tiny as Error).message).toMatch(/Send at least 0\.000003333333 ROC: a new account must receive the existential deposit/)
    const all = await planPolkadotTransfer({ request: request(fresh, '100000000') }).catch((e: unknown) => e)
    expect(all).toBeInstanceOf(PolkadotAmountError)
    expect((all as PolkadotAmountError).message).toMatch(/You can send at most [\d.]+ ROC/)
    expect((all as PolkadotAmountError).details).toMatch(/existential deposit/)
    for (const bad of ['-1', '0', '1.0000000000001', '1e3', 'abc']) await expect(planPolkadotTransfer({ request: request(fresh, bad) })).rejects.toBeInstanceOf(PolkadotAmountError)
  })
})
