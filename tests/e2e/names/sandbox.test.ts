// Issue 22 as a visitor: the demo site from `npm start` in real Chromium with the EVM Portico Dev
// Wallet (dev account 5, so no other test's account changes). A zone name is registered (the
// wallet signs), shows after a reload, another account (6) cannot take it and pays it by name
// (the balance read back from the chain), then pays carol.eth (ENS on Devnet A; no other test
// uses dev account 2); bob.eth's name and avatar show for dev account 1 on Devnet A, on the
// account button and the Account view; email capture sends a confirmation the sandbox mailbox
// receives, its link confirms, and the export lists it. The name is released at the end.
import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devPrivateKeys } from '../../../sandbox/config.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { privateKeyToAccount } from 'viem/accounts'
import { connectDevWallet, devnetA, header as headerOf } from '../kit/flowsE2e.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let chain: Awaited<ReturnType<typeof devnetA>>
const label = `alice-${Math.floor(Math.random() * 1e6)}`
const name = `${label}.portico.id`
const owner = devAddresses[5] as Address

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  chain = await devnetA(sandbox.url)
  visitor = await openSandboxPage()
  visitor.page.setDefaultTimeout(20_000)
})
afterAll(async () => {
  // Release the name so a shared sandbox is left as found.
  const account = privateKeyToAccount(devPrivateKeys[5])
  const message = JSON.stringify({ name, timestamp: Math.floor(Date.now() / 1000), release: true })
  await fetch(`${sandbox.url}/v1/profile/release`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ coin_type: (0x80000000 | 31337) >>> 0, address: account.address, message, signature: await account.signMessage({ message }) }) }).catch(() => undefined)
  await visitor?.close()
  await sandbox?.stop()
})

const page = () => visitor.page
const header = () => headerOf(page())
const dialog = () => page().getByRole('dialog')
const connect = (query: string) => connectDevWallet(page(), `${sandbox.url}/?${query}`, /0x|\.eth|\.portico\.id/)

describe('names on the demo site', () => {
  it('registers a zone name for the dev account; the wallet signs; the account shows it after a reload', async () => {
    await connect('devAccount=5')
    await header().getByRole('button', { name: /0x9965/ }).click()
    await dialog().getByRole('button', { name: 'Register a name' }).click()
    const field = dialog().getByLabel('Name', { exact: true })
    await field.fill('abc')
    await expect.poll(() => dialog().getByText('A name needs at least 4 characters').count()).toBe(1)
    await field.fill('ali_ce')
    await expect.poll(() => dialog().getByText('A name may use only letters, digits and hyphens').count()).toBe(1)
    await field.fill(label)
    await expect.poll(() => dialog().getByText(`${name} is available`).count(), { timeout: 20_000 }).toBe(1)
    await dialog().getByRole('button', { name: 'Register', exact: true }).click()
    await expect.poll(() => dialog().getByText(`${name} is now your name.`).count(), { timeout: 30_000 }).toBeGreaterThan(0)
    // The success screen leads on with its own button: no Back arrow into the finished form.
    await expect.poll(() => dialog().getByRole('button', { name: 'Back', exact: true }).count()).toBe(0)
    await dialog().getByRole('button', { name: 'Done', exact: true }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    // Named now: no "Register a name" row.
    await expect.poll(() => dialog().getByRole('button', { name: 'Register a name' }).count()).toBe(0)
    await page().reload()
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain(name)
  }, 60_000)

  it('another account cannot take it, and pays it by name to the right address', async () => {
    await connect('devAccount=6')
    await header().getByRole('button', { name: /0x976E/ }).click()
    await dialog().getByRole('button', { name: 'Register a name' }).click()
    await dialog().getByLabel('Name', { exact: true }).fill(label)
    await expect.poll(() => dialog().getByText(`${name} is taken`).count(), { timeout: 20_000 }).toBe(1)
    expect(await dialog().getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true)

    const client = chain.rpc
    const before = await client.getBalance({ address: owner })
    await page().keyboard.press('Escape')
    await header().getByRole('button', { name: /0x976E/ }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'ETH')
    await dialog().getByLabel('Amount').fill('0.25')
    await dialog().getByLabel('Receiver address').fill(name)
    await expect.poll(() => dialog().getByText(`${name} is ${owner}`).count(), { timeout: 20_000 }).toBe(1)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(async () => (await client.getBalance({ address: owner })) - before, { timeout: 20_000 }).toBe(parseEther('0.25'))

    // An ENS name on Devnet A: carol.eth, resolved through the chain's universal resolver.
    const carol = devAddresses[2] as Address
    const carolBefore = await client.getBalance({ address: carol })
    if ((await dialog().count()) > 0) await page().keyboard.press('Escape')
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await header().getByRole('button', { name: /0x976E/ }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await chooseSendToken(dialog(), 'ETH')
    await dialog().getByLabel('Amount').fill('0.125')
    await dialog().getByLabel('Receiver address').fill('carol.eth')
    await expect.poll(() => dialog().getByText(`carol.eth is ${carol}`).count(), { timeout: 20_000 }).toBe(1)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(async () => (await client.getBalance({ address: carol })) - carolBefore, { timeout: 20_000 }).toBe(parseEther('0.125'))
  }, 90_000)

  it("shows dev account 1's ENS name and avatar on Devnet A", async () => {
    await connect('devAccount=1')
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('bob.eth')
    // The account button shows the ENS avatar beside the name (decorative: alt="").
    const buttonAvatar = header().getByRole('button', { name: /bob\.eth/ }).locator('img')
    await expect.poll(() => buttonAvatar.count()).toBe(1)
    expect(await buttonAvatar.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await buttonAvatar.getAttribute('alt')).toBe('')
    expect(await buttonAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await header().getByRole('button', { name: /bob\.eth/ }).click()
    await expect.poll(() => dialog().getByText('Name bob.eth').textContent()).toContain('bob.eth')
    expect(await dialog().locator('img.portico-account__avatar-image').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
  })
})

describe('email capture on the demo site', () => {
  it('asks after connecting, refuses an invalid email, and the confirmation email confirms the address', async () => {
    await connect('devAccount=7&emailCapture=1')
    await expect.poll(() => dialog().getAttribute('data-view'), { timeout: 20_000 }).toBe('DataCapture')
    expect(await dialog().getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(`${sandbox.url}/sandbox/privacy`)
    const field = dialog().getByLabel('Email address')
    await field.fill('not-an-email@')
    await dialog().getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe('Enter a valid email address')
    const email = `visitor-${Math.floor(Math.random() * 1e6)}@example.com`
    await field.fill(email)
    await dialog().getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => dialog().getByText(`we sent a confirmation link to ${email}`, { exact: false }).count(), { timeout: 20_000 }).toBeGreaterThan(0)

    type Mail = { to: string[]; text: string }
    const mails = async () => ((await (await fetch(`${sandbox.url}/sandbox/mail.json`)).json()) as { messages: Mail[] }).messages
    await expect.poll(async () => (await mails()).some((m) => m.to.includes(email)), { timeout: 20_000 }).toBe(true)
    await page().goto(`${sandbox.url}/sandbox/mail`)
    await page().getByRole('link', { name: /Confirm your email/ }).first().click()
    const link = page().getByRole('link', { name: /\/v1\/email-capture\/confirm\?token=/ })
    await link.click()
    await expect.poll(() => page().getByRole('heading', { name: 'Email confirmed' }).count()).toBe(1)
    const csv = await (await fetch(`${sandbox.url}/v1/email-capture/export?projectId=demo-capture`, { headers: { authorization: 'Bearer sandbox-export-token' } })).text()
    expect(csv).toContain(`"${email}","eip155:31337:${devAddresses[7]}","confirmed"`)
  })
})
