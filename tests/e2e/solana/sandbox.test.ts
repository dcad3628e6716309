// Solana on the demo site, as a visitor: the chain kit's shared flows (tests/e2e/kit) on the Solana
// row (LiteSVM's JSON-RPC is the truth), then what only Solana has: base58 keys, the rent-exempt
// minimum, and Activity read from getSignaturesForAddress.
import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { expect, it } from 'vitest'
import { chainE2e } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

type Activity = { method: string; outcome: string }

chainE2e(rows.solana, (kit) => {
  const rpc = async <T,>(method: string, params: unknown[]): Promise<T> => {
    const body = (await (await fetch(kit.chain.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T }
    return body.result
  }
  const evmActivity = () => kit.page.evaluate(() => (window as unknown as { __porticoDevWallet: { activity(): Activity[] } }).__porticoDevWallet.activity())
  const submitLabel = async () => ((await kit.dialog().locator('form button[type="submit"]').textContent()) ?? '').trim()

  it('Activity\'s newest entry links the dev key\'s newest signature on the chain (getSignaturesForAddress), with no error toast', async () => {
    await kit.openAccount()
    await kit.dialog().getByRole('tab', { name: 'Activity' }).click()
    const [newest] = await rpc<{ signature: string }[]>('getSignaturesForAddress', [kit.truth.devAddress, { limit: 1 }])
    const first = kit.dialog().getByRole('tabpanel').getByRole('listitem').first()
    await kit.step(expect.poll(() => first.getByRole('link').getAttribute('href'), { timeout: 20_000 }).toMatch(new RegExp(`/tx/${newest!.signature}$`)))
    expect(await kit.page.locator('[data-portico-toasts]').textContent()).not.toMatch(/transactions/i)
    await kit.dialog().getByRole('tab', { name: 'Tokens' }).click()
    await kit.closeDialog()
  })

  it('bad input: an invalid base58 address, a 31-byte key and an EVM address are refused in the form', async () => {
    await kit.fillSend('SOL', '0.25', kit.truth.fresh())
    const receiverField = kit.dialog().getByLabel('Receiver address')
    for (const bad of ['0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', base58.encode(randomBytes(31)), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      await receiverField.fill(bad)
      await kit.step(expect.poll(submitLabel).toBe('Invalid Address'))
      expect(await kit.dialog().getByRole('button', { name: 'Invalid Address' }).isDisabled()).toBe(true)
      expect(await receiverField.getAttribute('aria-invalid')).toBe('true')
      expect(await kit.dialog().textContent()).toContain('This is not a valid address for Portico Solana Localnet.')
    }
    await receiverField.fill(kit.truth.fresh())
    await kit.step(expect.poll(submitLabel).toBe('Preview Send'))
    expect(await receiverField.getAttribute('aria-invalid')).toBeNull()
    await kit.closeDialog()
  })

  it('bad input: below the rent-exempt minimum to a new account is a clear message before signing; the form keeps its values', async () => {
    const fresh = kit.truth.fresh()
    kit.note('receiver below the rent-exempt minimum', fresh)
    const signedBefore = (await kit.activity()).length
    const minimum = BigInt(await rpc<number>('getMinimumBalanceForRentExemption', [0]))
    await kit.fillSend('SOL', '0.0001', fresh)
    await kit.review({ fee: false })
    await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await kit.step(
      expect.poll(() => kit.dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe(`The recipient is a new account: send at least ${Number(minimum) / 1e9} SOL (the rent-exempt minimum)`),
    )
    expect((await kit.activity()).length).toBe(signedBefore)
    expect(await kit.truth.balance(fresh)).toBe(0n)
    await kit.dialog().getByRole('button', { name: 'Cancel' }).click()
    await kit.step(expect.poll(() => kit.dialog().getAttribute('data-view')).toBe('WalletSend'))
    expect(await kit.dialog().getByLabel('Amount').inputValue()).toBe('0.0001')
    await kit.closeDialog()
  })

  it('switches between Solana and EVM from the network button, back and forth, asking neither wallet again', async () => {
    const evmAsked = () => evmActivity().then((log) => log.filter((a) => /eth_requestAccounts|wallet_requestPermissions/.test(a.method)).length)
    const before = { solana: (await kit.activity()).filter((a) => a.method === 'standard:connect').length, evm: await evmAsked() }
    for (const [to, short, symbol] of [
      ['Portico Devnet A', '0xf39F…2266', 'ETH'],
      ['Portico Solana Localnet', kit.short, 'SOL'],
      ['Portico Devnet A', '0xf39F…2266', 'ETH'],
      ['Portico Solana Localnet', kit.short, 'SOL'],
    ] as const) {
      await kit.pickNetwork(to)
      const confirm = kit.dialog().getByRole('button', { name: 'Switch Network' })
      // EVM may have to be connected again here (the kit's flow disconnected Solana and connected it anew, EVM stayed).
      await kit.step(expect.poll(async () => (await kit.dialog().count()) === 0 || (await confirm.count()) > 0, { timeout: 20_000 }).toBe(true))
      if ((await confirm.count()) > 0) await confirm.click()
      await kit.step(expect.poll(() => kit.dialog().count(), { timeout: 20_000 }).toBe(0))
      await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short))
      await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toMatch(new RegExp(`\\d[\\d,]*\\.\\d{3} ${symbol}`)))
      expect(await kit.header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    }
    expect((await kit.activity()).filter((a) => a.method === 'standard:connect').length).toBe(before.solana)
    expect(await evmAsked()).toBe(before.evm)
    expect((await kit.page.getByRole('region', { name: 'Portico Dev Wallet', exact: true }).textContent()) ?? '').toContain('Connected')
    expect((await kit.panel().textContent()) ?? '').toContain(`Connected: ${kit.short}`)
  })
})
