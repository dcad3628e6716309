// The Solana wallet personas (Phantom, Solflare, Backpack: issue 46) on the chain e2e kit (issue 49).
// Each speaks its wallet's documented dialect (docs/wallets/<wallet>.md) through Wallet Standard;
// each row names the wallet, its docs page, when it registers, what a reload asks it, and whether
// the page follows an account switch in it. `personaE2e` runs the shared flow for each
// (tests/e2e/kit/personaE2e.ts): balances read from LiteSVM, signatures verified with
// @noble/curves (and the sign-in's again with @solana/kit). Beside the rows: a required sign-in
// for the account the wallet switched to, Backpack keeping its account, and Phantom's own dialect
// (a site it no longer trusts, an account that does not trust the site, `solana:signIn`).
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { getBase58Encoder, getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { devSolanaAddress, devSolanaSecondAddress } from '../../../sandbox/solana/devSolana.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { signInMessage } from '../../helpers/signInMessage.js'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaKit, type PersonaRow, type Session } from '../kit/personaE2e.js'

type Controls = Record<string, Record<string, (...args: unknown[]) => unknown>>
const controls = <T,>(page: Page, id: string, run: string, arg?: unknown) =>
  page.evaluate(([key, method, value]) => {
    const control = (window as unknown as { __porticoSolanaPersonas: Controls }).__porticoSolanaPersonas[key as string]!
    return control[method as string]!(...(value === undefined ? [] : (value as unknown[]))) as T
  }, [id, run, arg] as const)
const short = rows.solana.shortAddress

/**
 * Records when each Wallet Standard wallet registers (the page's `readyState` then): the callback a
 * wallet dispatches with `wallet-standard:register-wallet` is called with a register of our own.
 */
const recordRegistrations = `(() => {
  window.__walletRegistrations = [];
  window.addEventListener('wallet-standard:register-wallet', (event) => {
    try {
      event.detail({ register: (...wallets) => { for (const w of wallets) window.__walletRegistrations.push({ name: w.name, readyState: document.readyState }); return () => {} } });
    } catch {}
  });
})()`

/** A sign-in the server holds, verified with libraries that are not the plugin's: @noble/curves and @solana/kit; not the other dev account's. */
async function verifiedSession(kit: PersonaKit, session: Session, address: string) {
  const host = new URL(kit.sandbox.url).host
  expect(session.data).toMatchObject({ chainId: kit.chain.caipNetworkId, accountAddress: address, domain: host })
  expect(session.message.split('\n').slice(0, 2)).toEqual([`${host} wants you to sign in with your Solana account:`, address])
  const bytes = new TextEncoder().encode(session.message)
  expect(ed25519.verify(base58.decode(session.signature), bytes, base58.decode(address))).toBe(true)
  const key = await getPublicKeyFromAddress(address as Address)
  expect(await verifySignature(key, new Uint8Array(getBase58Encoder().encode(session.signature)) as SignatureBytes, bytes)).toBe(true)
  const other = address === devSolanaAddress ? devSolanaSecondAddress : devSolanaAddress
  expect(ed25519.verify(base58.decode(session.signature), bytes, base58.decode(other))).toBe(false)
}

function solanaPersona(id: string, wallet: string, row: { registers: 'before the page loaded' | 'after the page loaded'; silentRestore: string; reload?: 'one click'; accountSwitch: 'follows' | 'keeps' }): PersonaRow {
  return {
    id,
    wallet,
    docs: `docs/wallets/${id.split('/')[1]}.md`,
    connectMethod: 'connect',
    sendMethod: 'signAndSendTransaction',
    signInMethod: 'signMessage',
    reload: row.reload,
    restored: (log) => expect(log).toEqual([{ method: row.silentRestore, outcome: 'answered' }]),
    async connected(kit) {
      const registrations = await kit.page.evaluate(() => (window as unknown as { __walletRegistrations: { name: string; readyState: string }[] }).__walletRegistrations)
      const registration = registrations.find((r) => r.name === wallet)
      expect(registration, `${wallet} never registered (registered: ${JSON.stringify(registrations)})`).toBeDefined()
      expect(registration!.readyState === 'complete' ? 'after the page loaded' : 'before the page loaded').toBe(row.registers)
    },
    session: (session, kit) => verifiedSession(kit, session, devSolanaAddress),
    own: (kit) => {
      it('signed in, a reload keeps the sign-in: no sign view, no new signature', async () => {
        await kit.page.reload()
        if (row.reload === 'one click') {
          await kit.step(expect.poll(() => kit.header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
          await kit.openConnect()
        }
        await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        expect(await kit.dialog().filter({ has: kit.page.getByRole('heading', { name: 'Sign in with your wallet' }) }).count()).toBe(0)
        expect(await kit.activity()).toEqual([{ method: row.silentRestore, outcome: 'answered' }])
      })
      row.accountSwitch === 'follows'
        ? it('an account switch in the wallet is followed: with sign-in required, the new account signs in with its own key, then the header shows it', async () => {
            // The shared persona handle's switch (to the other account, which approved the site).
            expect(await kit.page.evaluate((key) => window.__porticoPersonas![key]!.switchAccount!(), id)).toEqual([devSolanaSecondAddress])
            // Until it has signed in, the header says "Connecting…" rather than show an account that has not (issue 52).
            const signView = kit.dialog().filter({ has: kit.page.getByRole('heading', { name: 'Sign in with your wallet' }) })
            await kit.step(signInMessage(signView))
            await signView.getByRole('button', { name: 'Sign', exact: true }).click()
            await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaSecondAddress)))
            const response = await kit.visitor.context.request.get(`${kit.sandbox.url}/siwx/sessions?chainId=${encodeURIComponent(kit.chain.caipNetworkId)}&address=${devSolanaSecondAddress}`)
            const { sessions } = (await response.json()) as { sessions: Session[] }
            const session = sessions.find((s) => s.data.accountAddress === devSolanaSecondAddress)
            expect(session, `the server holds no session for ${devSolanaSecondAddress}`).toBeDefined()
            await verifiedSession(kit, session!, devSolanaSecondAddress)
            expect(kit.visitor.pageErrors).toEqual([])
          }, 60_000)
        : it('an account switch in the wallet reaches the site not at all: it keeps its account, which still signs', async () => {
            await controls(kit.page, id, 'switchAccount', [1, { siteApproved: true }])
            expect(await controls<string>(kit.page, id, 'connectedAddress')).toBe(devSolanaSecondAddress)
            const result = kit.page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
            await kit.page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' }).click()
            await kit.step(expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [1-9A-HJ-NP-Za-km-z]{80,90}$/))
            const signature = ((await result.textContent()) ?? '').slice('Signature: '.length)
            expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Hello from the Portico demo'), base58.decode(devSolanaAddress))).toBe(true)
            expect(await kit.header().textContent()).toContain(short(devSolanaAddress))
          }, 60_000)
    },
  }
}

const phantom = solanaPersona('solana/phantom', 'Phantom', { registers: 'before the page loaded', silentRestore: 'connect (onlyIfTrusted)', accountSwitch: 'follows' })
const phantomOwn = phantom.own!
phantom.own = (kit) => {
  phantomOwn(kit)
  const id = 'solana/phantom'
  it('after Phantom forgot the site, a reload is not restored and shows no error (its silent connect throws 4001)', async () => {
    await kit.visit()
    await kit.openConnect()
    await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
    await controls(kit.page, id, 'forgetSite')
    await kit.page.reload()
    await kit.step(expect.poll(() => kit.header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
    expect(await kit.activity()).toEqual([{ method: 'connect (onlyIfTrusted)', outcome: 'rejected' }])
    expect(((await kit.page.getByRole('status', { name: 'Notifications' }).textContent()) ?? '').trim()).toBe('')
    expect(kit.visitor.pageErrors).toEqual([])
  }, 60_000)

  it('a switch to an account that does not trust the site: accountChanged(null), and the site is disconnected', async () => {
    await kit.visit()
    await kit.openConnect()
    await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(devSolanaAddress)))
    await controls(kit.page, id, 'switchAccount', [1, { siteApproved: false }])
    await kit.step(expect.poll(() => kit.header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
    expect(await kit.page.getByTestId('account-status').textContent()).toBe('disconnected')
    expect(kit.visitor.pageErrors).toEqual([])
  }, 60_000)

  it("its Wallet Standard wallet, asked directly: solana:signIn builds the SIWS message and signs it (verified with @solana/kit); a foreign domain or a copied account object is refused", async () => {
    await clearSiteStorage(kit.page, kit.sandbox.url)
    await kit.page.goto(`${kit.sandbox.url}/?personas=${id}`)
    const issuedAt = new Date().toISOString()
    const answer = await kit.page.evaluate(async (issued) => {
      type Feature = Record<string, (...args: unknown[]) => Promise<unknown>>
      const found: { name: string; features: Record<string, Feature>; accounts: readonly unknown[] }[] = []
      // An app announcing itself: the wallet answers `app-ready` with its registration.
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: (...wallets: typeof found) => (found.push(...wallets), () => {}) } }))
      const wallet = found.find((w) => w.name === 'Phantom')
      if (!wallet) return { error: `no Phantom among ${found.map((w) => w.name).join(', ')}` }
      const code = async (run: () => Promise<unknown>) => run().then(() => 'resolved', (e: { code?: number; message?: string }) => e?.code ?? e?.message)
      const input = { domain: location.host, statement: 'Sign in to the Portico demo', uri: location.href, version: '1', chainId: 'localnet', nonce: 'k3Jd8s0aPq1Lm2Nb', issuedAt: issued }
      const foreign = await code(() => wallet.features['solana:signIn']!.signIn!({ ...input, domain: 'evil.example' }))
      const [output] = (await wallet.features['solana:signIn']!.signIn!(input)) as { account: { address: string }; signedMessage: Uint8Array; signature: Uint8Array; signatureType: string }[]
      const account = wallet.accounts[0] as { address: string; publicKey: Uint8Array }
      const copied = await code(() => wallet.features['solana:signMessage']!.signMessage!({ account: { ...account }, message: new Uint8Array([1]) }))
      const provider = (window as unknown as { phantom: { solana: { isPhantom: boolean; isConnected: boolean; signMessage(m: Uint8Array): Promise<unknown> } }; solana: unknown })
      const siwsElsewhere = await code(() => provider.phantom.solana.signMessage(new TextEncoder().encode(`evil.example wants you to sign in with your Solana account:\n${account.address}`)))
      return {
        versions: Object.fromEntries(Object.entries(wallet.features).map(([name, feature]) => [name, (feature as unknown as { version?: string }).version])),
        foreign,
        copied,
        siwsElsewhere,
        isPhantom: provider.phantom.solana.isPhantom,
        sameObject: provider.solana === provider.phantom.solana,
        connected: provider.phantom.solana.isConnected,
        output: { address: output!.account.address, sameAccount: output!.account === wallet.accounts[0], message: new TextDecoder().decode(output!.signedMessage), signature: [...output!.signature], signatureType: output!.signatureType },
      }
    }, issuedAt)
    expect(answer).not.toHaveProperty('error')
    const { output, ...rest } = answer as Exclude<typeof answer, { error: string }>
    expect(rest).toEqual({
      versions: { 'standard:connect': '1.0.0', 'standard:disconnect': '1.0.0', 'standard:events': '1.0.0', 'solana:signAndSendTransaction': '1.0.0', 'solana:signTransaction': '1.0.0', 'solana:signMessage': '1.1.0', 'solana:signIn': '1.0.0', 'phantom:': undefined },
      foreign: -32000,
      copied: 'invalid account',
      siwsElsewhere: -32000,
      isPhantom: true,
      sameObject: true,
      connected: true,
    })
    const host = new URL(kit.sandbox.url).host
    // The SIWS specification's template, field by field (github.com/phantom/sign-in-with-solana).
    expect(output.message).toBe(
      `${host} wants you to sign in with your Solana account:\n${devSolanaAddress}\n\nSign in to the Portico demo\n\nURI: ${kit.sandbox.url}/?personas=${id}\nVersion: 1\nChain ID: localnet\nNonce: k3Jd8s0aPq1Lm2Nb\nIssued At: ${issuedAt}`,
    )
    expect(output).toMatchObject({ address: devSolanaAddress, sameAccount: true, signatureType: 'ed25519' })
    const key = await getPublicKeyFromAddress(devSolanaAddress as Address)
    expect(await verifySignature(key, new Uint8Array(output.signature) as SignatureBytes, new TextEncoder().encode(output.message))).toBe(true)
    // Refused before any prompt: the log holds the sign-in and nothing for the refused calls.
    expect((await kit.activity()).map((a) => a.method)).toEqual(['signIn'])
  }, 60_000)
}

personaE2e(
  rows.solana,
  [
    // Backpack's Wallet Standard wrapper answers a silent connect only with the account its provider
    // already has (none after a load), and does not listen to its provider's account change.
    solanaPersona('solana/backpack', 'Backpack', { registers: 'before the page loaded', silentRestore: 'connect (approved site)', reload: 'one click', accountSwitch: 'keeps' }),
    phantom,
    // Solflare's wallet registers after the page's `load`.
    solanaPersona('solana/solflare', 'Solflare', { registers: 'after the page loaded', silentRestore: 'connect (approved site)', accountSwitch: 'follows' }),
  ],
  undefined,
  { initScripts: [recordRegistrations], signer: signerRows.solana },
)
