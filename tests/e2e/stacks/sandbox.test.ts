// Stacks on the demo site: the chain kit's flows (tests/e2e/kit) on the Stacks row (the node API is
// the truth, signatures checked with @stacks/encryption; its send goes at the Fast speed), then what
// only Stacks has: memos (34 bytes), SIP-010 tokens through stx_callContract, a rejected send sent again.
import { bytesToHex } from '@noble/hashes/utils.js'
import { publicKeyToAddress } from '@stacks/transactions'
import { expect, it } from 'vitest'
import { verifyStacksMessageSignature } from '../../../plugins/stacks/actions/verifyStacksMessageSignature.js'
import { devStacksKey, devStacksPublicKeyHex } from '../../../sandbox/stacks/devStacks.js'
import { chainE2e, message } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.stacks, (kit) => {
  const nodeApi = <T,>(path: string) => fetch(`${kit.chain.nodeUrl}${path}`).then((r) => r.json() as Promise<T>)
  const memoField = () => kit.dialog().getByLabel('Memo (optional)')

  it('the sandbox lists the dev key\'s address, which @stacks/transactions derives from the same public key the kit verifies with', () => {
    expect(publicKeyToAddress(bytesToHex(devStacksKey().publicKey), 'testnet')).toBe(kit.truth.devAddress)
    expect(bytesToHex(devStacksKey().publicKey)).toBe(devStacksPublicKeyHex)
  })

  it('the plugin\'s own check agrees with @stacks/encryption on the demo\'s signature', async () => {
    expect(await verifyStacksMessageSignature({ message, signature: kit.signature!, address: kit.truth.devAddress })).toBe(true)
    expect(await verifyStacksMessageSignature({ message: `${message}!`, signature: kit.signature!, address: kit.truth.devAddress })).toBe(false)
  })

  it('sends 2 pUSD (SIP-010) with a memo through stx_callContract; the node\'s blockchain API shows the tokens and the memo', async () => {
    const receiver = kit.truth.fresh()
    kit.note('receiver of pUSD', receiver)
    await kit.fillSend('pUSD', '2', receiver)
    await memoField().fill('pUSD memo ✓')
    await kit.dialog().getByRole('button', { name: 'Preview Send' }).click()
    await kit.step(expect.poll(() => kit.dialog().locator('dl').textContent()).toContain('MemopUSD memo ✓'))
    await kit.step(expect.poll(() => kit.dialog().locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to \d+(\.\d+)? STX/))
    await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await kit.step(expect.poll(() => kit.truth.balance(receiver, 'pUSD'), { timeout: 20_000 }).toBe(2_000_000n))
    const log = await kit.activity()
    expect(log.at(-1), `the wallet's activity: ${JSON.stringify(log)}`).toEqual({ method: 'stx_callContract', outcome: 'approved', memo: 'pUSD memo ✓' })
    // The memo as the node's blockchain API gives it: transfer's (some <buff>) argument.
    const history = await nodeApi<{ results: { contract_call: { function_args: { name: string; repr: string }[] } }[] }>(`/extended/v1/address/${receiver}/transactions`)
    expect(history.results[0]?.contract_call.function_args.find((a) => a.name === 'memo')?.repr).toBe(`(some 0x${Buffer.from('pUSD memo ✓').toString('hex')})`)
    await kit.closeDialog()
  }, 60_000)

  it('refuses a mainnet or broken address, and a memo over 34 bytes (saying why), before the wallet is asked', async () => {
    const fine = kit.truth.fresh()
    await kit.fillSend('STX', '0.1', fine)
    const before = (await kit.activity()).length
    const button = () => kit.dialog().getByRole('button', { name: /Preview Send|Invalid Address|Memo Too Long/ })
    for (const bad of ['SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', `${fine.slice(0, -1)}${fine.endsWith('A') ? 'B' : 'A'}`]) {
      await kit.dialog().getByLabel('Receiver address').fill(bad)
      await kit.step(expect.poll(() => button().textContent()).toBe('Invalid Address'))
    }
    await kit.dialog().getByLabel('Receiver address').fill(fine)
    await memoField().fill(`${'x'.repeat(31)}🚀`)
    await kit.step(expect.poll(() => button().textContent()).toBe('Memo Too Long'))
    expect(await kit.dialog().getByRole('button', { name: 'Memo Too Long' }).isDisabled()).toBe(true)
    expect(await memoField().getAttribute('aria-invalid')).toBe('true')
    expect(await kit.dialog().textContent()).toContain(`The memo is 35 bytes; ${kit.row.network} stores at most 34 bytes`)
    await memoField().fill(`${'x'.repeat(30)}🚀`)
    await kit.step(expect.poll(() => button().textContent()).toBe('Preview Send'))
    expect(await kit.dialog().textContent()).toContain('34 of 34 bytes')
    expect((await kit.activity()).length).toBe(before)
    await kit.closeDialog()
  })

  it('a rejected send with a memo, then Send once more from the same review (it kept everything): sent, memo and all', async () => {
    const receiver = kit.truth.fresh()
    kit.note('receiver of the memo sent again', receiver)
    const memo = 'Portico ☕ try again'
    const panelSwitch = kit.panel().getByRole('switch', { name: 'Reject requests' })
    await panelSwitch.check()
    try {
      await kit.fillSend('STX', '0.1', receiver)
      await memoField().fill(memo)
      await kit.dialog().getByRole('button', { name: 'Preview Send' }).click()
      await kit.step(expect.poll(() => kit.dialog().locator('dl').textContent()).toContain(`Memo${memo}`))
      await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await kit.step(expect.poll(() => kit.dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/reject/i))
      expect((await kit.activity()).at(-1)).toEqual({ method: 'stx_transferStx', outcome: 'rejected', memo })
      expect(await kit.truth.balance(receiver)).toBe(0n)
    } finally {
      await panelSwitch.uncheck()
    }
    const review = (await kit.dialog().locator('dl').textContent()) ?? ''
    expect(review).toContain('0.1 STX')
    expect(review).toContain(`Memo${memo}`)
    await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await kit.step(expect.poll(() => kit.truth.balance(receiver), { timeout: 20_000 }).toBe(100_000n))
    expect((await kit.activity()).slice(-2)).toEqual([
      { method: 'stx_transferStx', outcome: 'rejected', memo },
      { method: 'stx_transferStx', outcome: 'approved', memo },
    ])
    // The memo read back from the node (34 bytes, hex, zero-padded), and shown by the wallet.
    const history = await nodeApi<{ results: { tx_status: string; token_transfer: { memo: string } }[] }>(`/extended/v1/address/${receiver}/transactions`)
    expect(history.results).toHaveLength(1)
    expect(history.results[0]?.tx_status).toBe('success')
    expect(Buffer.from(history.results[0]!.token_transfer.memo.slice(2), 'hex').toString('utf8').replace(/\0+$/, '')).toBe(memo)
    expect(await kit.panel().textContent()).toContain(`Memo: ${memo}`)
    await kit.closeDialog()
  }, 60_000)
})
