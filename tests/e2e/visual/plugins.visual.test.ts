// Issue 52, acceptance 2: the plugins' views on the demo site of one fresh sandbox (its balances are in
// the pictures), on a desktop and a phone, each view light and dark: the chain plugins' Ledger, declined
// connection and switch, and each chain's Account, Send and Review (nothing sent, so both devices see
// the same balances); then the other plugins' screens, each device as its own dev account (5, 6) so the
// walks do not meet. Checked as the modal's walks are (visualWalk.ts; docs/testing.md, "The visual baseline").
import * as ecc from '@bitcoinerlab/secp256k1'
import { ed25519 } from '@noble/curves/ed25519.js'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { base58, bech32 } from '@scure/base'
import { privateKeyToAddress } from '@stacks/transactions'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { chooseNetwork, pickNetwork } from '../../helpers/chooseNetwork.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { startSandboxPolkadot } from '../../helpers/startOnDemand.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { enterCode, sandboxInfo, startEmailLogin } from '../kit/authE2e.js'
import { walkPage } from './visualWalk.js'

/** A fixed 32-byte secret per chain: the same receiver on every run, so the form is the same picture. */
const secret = (byte: number) => new Uint8Array(32).fill(byte)

/** Each chain type: its network in the demo, its dev wallet's button, the token and amount sent, and a fixed receiver. */
const chains = [
  { id: 'Solana', network: 'Portico Solana Localnet', wallet: 'Portico Dev Wallet', symbol: 'SOL', amount: '0.25', receiver: () => base58.encode(ed25519.getPublicKey(secret(1))) },
  { id: 'Bitcoin', network: 'Portico Bitcoin Regtest', wallet: 'Portico Dev Wallet', symbol: 'BTC', amount: '0.001', receiver: () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(secret(2), true)!), network: bitcoin.networks.regtest }).address! },
  { id: 'Sui', network: 'Portico Sui Localnet', wallet: 'Portico Dev Wallet', symbol: 'SUI', amount: '0.25', receiver: () => Ed25519Keypair.fromSecretKey(secret(3)).toSuiAddress() },
  { id: 'Cosmos', network: 'Portico Cosmos Localnet', wallet: 'Portico Dev Wallet (Cosmos)', symbol: 'PTC', amount: '0.25', receiver: () => bech32.encode(cosmosPrefix, bech32.toWords(secret(4).slice(0, 20))) },
  { id: 'Polkadot', network: 'Portico Substrate Devnet', wallet: 'Portico Dev Wallet (Polkadot)', symbol: 'ROC', amount: '0.25', receiver: () => polkadotSecond },
  { id: 'Stacks', network: 'Portico Stacks Localnet', wallet: 'Portico Dev Wallet (Stacks)', symbol: 'STX', amount: '0.25', receiver: () => privateKeyToAddress(Buffer.from(secret(6)).toString('hex'), 'testnet') },
] as const

let sandbox: TestSandbox
let cosmosPrefix = ''
/** The Substrate devnet's second dev account (Bob). */
let polkadotSecond = ''

beforeAll(async () => {
  sandbox = await startSandbox()
  const { chains } = (await sandboxInfo(sandbox.url)) as { chains: { caipNetworkId: string; accounts?: string[] }[] }
  const accounts = (prefix: string) => chains.find((c) => c.caipNetworkId.startsWith(prefix))?.accounts ?? []
  const cosmosDev = accounts('cosmos:')[0]!
  cosmosPrefix = cosmosDev.slice(0, cosmosDev.indexOf('1'))
  polkadotSecond = accounts('polkadot:')[1]!
}, 240_000)
// The Substrate node starts on its first request: started here, before a page waits on it (a hook
// of its own, so a busy machine's sandbox start and the node's start each have the hook's time).
beforeAll(() => startSandboxPolkadot(sandbox), 240_000)
afterAll(async () => {
  await sandbox?.stop()
})

describe.each(['desktop', 'phone'] as const)('the chains\' accounts and send forms on a %s, light and dark', (device) => {
  const { page, header, dialog, waitForView, check, measureLoading, closeModal, connect, disconnect, expectClean } = walkPage(device)
  const ledgerRows = () => dialog().getByRole('list', { name: 'Accounts on your Ledger' }).getByRole('button')
  const devWallet = (mode: 'approve' | 'reject') => page().evaluate((m) => (window as unknown as { __porticoDevWallet: { setMode(mode: string): void } }).__porticoDevWallet.setMode(m), mode)

  it('Ledger (EVM): the ConnectingLedger view and the account list it loads from the emulated device', async () => {
    await page().goto(sandbox.url)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await waitForView('ConnectingLedger')
    await expect.poll(() => dialog().innerText()).toContain('Plug in your Ledger and unlock it')
    await check('Ledger-Connect')
    // Five accounts with their balances (each read from the devnet).
    await measureLoading('Ledger-Accounts', 'ConnectingLedger', () => dialog().getByRole('button', { name: 'Connect', exact: true }).click(), async () => {
      await expect.poll(() => ledgerRows().count()).toBe(5)
      await expect.poll(() => ledgerRows().evaluateAll((buttons) => buttons.every((b) => /balance \d/.test(b.getAttribute('aria-label') ?? b.textContent ?? '')))).toBe(true)
    })
    await check('Ledger-Accounts')
    await closeModal()
  })

  it('EVM, the wallet declining: ConnectingExternal (declined) and SwitchNetwork (declined)', async () => {
    await devWallet('reject')
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await waitForView('ConnectingExternal')
    await dialog().getByText('The connection was declined in the wallet.').waitFor()
    await check('ConnectingExternal-Declined')
    await devWallet('approve')
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(() => header().textContent()).toMatch(/\d[\d,]*(?:\.\d+)? ETH/)

    await devWallet('reject')
    await pickNetwork(page(), 'Portico Devnet B')
    await waitForView('SwitchNetwork')
    await dialog().getByRole('heading', { name: 'Switch declined' }).waitFor()
    await check('SwitchNetwork-Declined')
    await devWallet('approve')
    await closeModal()
    await disconnect()
  })

  it.each(chains)('$id: the Account, the Send form and its Review', async ({ id, network, wallet, symbol, amount, receiver }) => {
    await chooseNetwork(page(), network)
    await connect(wallet, symbol)
    await measureLoading(`${id}-Account`, 'Account:Tokens', () => header().locator('.portico-page-button--connect').click(), async () => {
      await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
      await dialog().getByRole('tabpanel').getByText(symbol, { exact: true }).first().waitFor()
    })
    await check(`${id}-Account`)
    await measureLoading(`${id}-Send`, 'WalletSend', () => dialog().getByRole('button', { name: 'Send', exact: true }).click(), () => dialog().getByRole('combobox', { name: /^Token(\s|$)/ }).waitFor())
    await chooseSendToken(dialog(), symbol)
    await dialog().getByLabel('Amount').fill(amount)
    await dialog().getByLabel('Receiver address').fill(receiver())
    await dialog().getByRole('button', { name: 'Preview Send' }).waitFor()
    await check(`${id}-Send`)
    // The fee follows the node: waited for, then one fixed text (so the row keeps its width), painted over as well.
    const fee = dialog().locator('.portico-send-preview__row', { hasText: 'Network fee' }).locator('dd')
    await measureLoading(`${id}-Review`, 'WalletSendPreview', () => dialog().getByRole('button', { name: 'Preview Send' }).click(), () => expect.poll(() => fee.textContent(), { timeout: 20_000 }).toContain(symbol))
    const fixFee = () =>
      fee.evaluate((dd, symbol) => {
        const parts = [...dd.children]
        if (parts.length === 0) dd.textContent = `up to 0.0001 ${symbol}`
        parts.forEach((part, index) => (part.textContent = index === 0 ? `up to 0.0001 ${symbol}` : '≈ $0.01'))
      }, symbol)
    await check(`${id}-Review`, () => [fee], fixFee)
    await closeModal()
    await disconnect()
  }, 120_000)

  it('no view has an axe violation of any impact, each matches its baseline and keeps its height while it loads; no error or warning, no failed request, nothing left 127.0.0.1', async () => {
    const loads = chains.flatMap(({ id }) => [`${id}-Account`, `${id}-Send`, `${id}-Review`])
    await expectClean(['Ledger-Connect', 'Ledger-Accounts', 'ConnectingExternal-Declined', 'SwitchNetwork-Declined', ...loads], ['Ledger-Accounts', ...loads])
  })
})

describe.each([
  ['desktop', 5],
  ['phone', 6],
] as const)('the other plugins\' views on a %s (dev account %i), light and dark', (device, devAccount) => {
  const { page, header, dialog, waitForView, check, measureLoading, closeModal, expectClean } = walkPage(device)
  const address = devAddresses[devAccount]!
  /** The Account from the header, its token panel drawn. */
  async function openAccount(): Promise<void> {
    await header().getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) }).click()
    await waitForView('Account')
    await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
  }
  /** Done on a success screen, back on the Account. */
  async function done(): Promise<void> {
    await dialog().getByRole('button', { name: 'Done', exact: true }).click()
    await waitForView('Account')
  }

  it('email capture and its confirmation after connecting (email-capture)', async () => {
    await page().goto(`${sandbox.url}/?emailCapture=1&multiWallet=1&devAccount=${devAccount}`)
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await waitForView('DataCapture')
    await dialog().getByRole('button', { name: 'Subscribe' }).waitFor()
    await check('EmailCapture')
    await dialog().getByLabel('Email address').fill(`capture-${device}@example.com`)
    await dialog().getByRole('button', { name: 'Subscribe' }).click()
    await dialog().getByText(`we sent a confirmation link to capture-${device}@example.com`, { exact: false }).first().waitFor()
    await check('EmailCapture-Sent')
    await closeModal()
  })

  it('ProfileWallets with one wallet (?multiWallet=1)', async () => {
    await openAccount()
    await measureLoading('ProfileWallets', 'ProfileWallets', () => dialog().getByRole('button', { name: /^Wallets/ }).click(), () => dialog().getByRole('button', { name: 'Add wallet' }).waitFor())
    await check('ProfileWallets')
    await closeModal()
  })

  it('the success screens of a swap, a purchase and a registered name', async () => {
    await openAccount()
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog().getByLabel('You pay').fill('0.1')
    await dialog().locator('dl[aria-label="Quote"]').getByText('Minimum received').waitFor()
    await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog().getByRole('heading', { name: 'Swap confirmed.' }).waitFor({ timeout: 30_000 })
    await dialog().getByRole('button', { name: 'New swap' }).waitFor()
    await check('Swap-Success')
    await done()

    await dialog().getByRole('button', { name: 'Buy', exact: true }).click()
    await dialog().getByLabel('You pay (USD)').fill('50')
    await dialog().locator('dl[aria-label="Portico Sandbox Pay quote"]').waitFor()
    const [popup] = await Promise.all([page().waitForEvent('popup'), dialog().getByRole('button', { name: 'Continue with Portico Sandbox Pay' }).click()])
    await popup.waitForURL(/\/sandbox\/onramp\?/)
    await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
    await popup.getByLabel('Expiry (MM/YY)').fill('12/34')
    await popup.getByLabel('Security code').fill('123')
    await popup.getByRole('button', { name: 'Pay' }).click()
    await dialog().getByRole('heading', { name: 'Purchase complete' }).waitFor({ timeout: 30_000 })
    await popup.close().catch(() => undefined)
    await check('Buy-Success')
    await done()

    const name = `visual-${device}`
    await dialog().getByRole('button', { name: 'Register a name' }).click()
    await dialog().getByLabel('Name', { exact: true }).fill(name)
    await dialog().getByText(`${name}.portico.id is available`).waitFor()
    await dialog().getByRole('button', { name: 'Register', exact: true }).click()
    await dialog().getByText(`${name}.portico.id is now your name.`).first().waitFor({ timeout: 30_000 })
    await check('RegisterName-Success')
    await done()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
  })

  it('the email login\'s code entry, the embedded wallet\'s profile and Update email (auth)', async () => {
    // The same page without the email capture, so the embedded account is not asked for an email.
    await page().goto(`${sandbox.url}/?devAccount=${devAccount}`)
    const email = `login-${device}@example.com`
    const code = await startEmailLogin(page(), sandbox.url, email)
    await dialog().getByRole('textbox', { name: 'Code' }).waitFor()
    // When the code expires is the time of the run, and "Resend code in N s" counts down every second: both painted over.
    await check('EmailLogin', (d) => [d.locator('.portico-auth__hint'), d.locator('.portico-auth__row'), d.getByRole('button', { name: /^Resend code/ })])
    await enterCode(page(), code)
    const account = header().getByRole('button', { name: new RegExp(email.slice(0, 12)) })
    await account.waitFor({ timeout: 30_000 })
    await expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0)
    await account.click()
    await waitForView('Account')
    // The Account after an email login (issue 52): the email, the embedded wallet's rows, the tabs
    // and the token panel in view. Its address differs from run to run, and with it the avatar drawn
    // from it, the width of the address (which moves the copy and explorer buttons beside it) and
    // the account picker's: the avatar, the address's line and the picker's row are painted over.
    await dialog().getByRole('tabpanel').getByRole('listitem').first().waitFor()
    await check('Account-EmailLogin', (d) => [d.locator('.portico-account__identity'), d.locator('.portico-account__address-line'), d.locator('.portico-account__picker')])
    // The embedded wallet's keys are made for this sandbox: its addresses differ from run to run.
    await measureLoading('EmbeddedWalletProfile', 'EmbeddedWalletProfile', () => dialog().getByRole('button', { name: 'Wallet & login' }).click(), () => dialog().locator('.portico-auth__address').first().waitFor())
    await check('EmbeddedWalletProfile', (d) => [d.locator('.portico-auth__address-value')])
    await dialog().getByRole('button', { name: 'Back' }).click()
    await waitForView('Account')
    await dialog().getByRole('button', { name: 'Update email' }).click()
    await dialog().getByRole('textbox', { name: 'New email' }).waitFor()
    await check('UpdateEmail')
    await closeModal()
  })

  it('no view has an axe violation of any impact, each matches its baseline and keeps its height while it loads; no error or warning, no failed request, nothing left 127.0.0.1', async () => {
    await expectClean(['EmailCapture', 'EmailCapture-Sent', 'ProfileWallets', 'Swap-Success', 'Buy-Success', 'RegisterName-Success', 'EmailLogin', 'Account-EmailLogin', 'EmbeddedWalletProfile', 'UpdateEmail'], ['EmbeddedWalletProfile', 'ProfileWallets'])
  })
})
