import '../../helpers/eip155Loaded.js'
import '../../helpers/solanaLoaded.js'
import '../../helpers/authLoaded.js'
import { runInAction } from 'mobx'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Network, type Portico } from '../../../kernel/kernel.js'
import { auth, type AuthStore } from '../../../plugins/auth/index.js'
import { AuthFrameError, PopupClosedError } from '../../../plugins/auth/errors.js'
import { ConnectingSocialView } from '../../../plugins/auth/views/ConnectingSocialView.js'
import { EmailLoginView } from '../../../plugins/auth/views/EmailLoginView.js'
import { EmailSection } from '../../../plugins/auth/views/EmailSection.js'
import { ExportPrivateKeyView } from '../../../plugins/auth/views/ExportPrivateKeyView.js'
import { EmbeddedWalletProfileView } from '../../../plugins/auth/views/EmbeddedWalletProfileView.js'
import { SocialSection } from '../../../plugins/auth/views/SocialSection.js'
import { UpdateEmailWalletView } from '../../../plugins/auth/views/UpdateEmailWalletView.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { PorticoProvider } from '../../../ui/kit.js'
import { AccountView } from '../../../ui/views/Account/AccountView.js'
import { registerUiViews } from '../../../ui/views/registerUiViews.js'
import { fakeOpenFrame, walletOrigin } from './helpers/fakeFrame.js'

const devnet: Network = defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:9'] })
const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const session = {
  user: { id: 'email:alice@example.com', provider: 'email', email: 'alice@example.com' },
  accounts: { eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const, solana: '11111111111111111111111111111111' },
}

function make(options: Partial<Parameters<typeof auth>[0]> = {}, telegramPlatform?: string) {
  const frame = fakeOpenFrame({ emailStart: () => ({ expiresAt: Date.now() + 600_000, resendAfter: Date.now() + 30_000 }), emailVerify: () => session })
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [devnet, solanaLocalnet],
    plugins: [eip155({}, { window: null }), solana(), auth({ walletOrigin, ...options }, { openFrame: frame.openFrame, ...(telegramPlatform ? { telegramPlatform } : {}) })],
    storage: null,
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  instances.push(portico)
  const store = portico.getStore<AuthStore>('auth') as AuthStore
  const render = (node: React.ReactNode) => renderToString(<PorticoProvider portico={portico}>{node}</PorticoProvider>)
  return { portico, store, render }
}

const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => /aria-label="([^"]*)"/.exec(m[1]!)?.[1] ?? m[2]!.replace(/<[^>]+>/g, ''))

describe('the Connect view sections', () => {
  it('email: a labelled type=email field with autocomplete=email and "Continue"', () => {
    const { render } = make()
    const html = render(<EmailSection />)
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Email<\/label>/)
    const id = /<label[^>]*for="([^"]+)"/.exec(html)?.[1]
    expect(html).toContain(`id="${id}"`)
    expect(html).toMatch(/<input[^>]*type="email"[^>]*autoComplete="email"|<input[^>]*autoComplete="email"[^>]*type="email"/)
    expect(buttons(html)).toEqual(['Continue'])
  })

  it('email: hidden when the plugin or the project turns it off', () => {
    expect(make({ email: false }).render(<EmailSection />)).toBe('')
  })

  it('social: one "Continue with …" button per social, in the configured order, up to four', () => {
    const { render } = make({ socials: ['github', 'google', 'x'] })
    expect(buttons(render(<SocialSection />))).toEqual(['Continue with GitHub', 'Continue with Google', 'Continue with X'])
  })

  it('social: more than four make a full button, a row of labelled icon buttons and "More"', () => {
    const { render } = make({ socials: ['google', 'github', 'discord', 'x', 'apple', 'facebook'] })
    const html = render(<SocialSection />)
    expect(buttons(html)).toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with Discord', 'Continue with X', 'Continue with Apple', 'More', 'Continue with Facebook'])
    expect(html).toMatch(/aria-expanded="false"[^>]*aria-controls="([^"]+)"/)
    expect(html).toMatch(/<ul id="[^"]+" class="portico-auth__social-row" hidden="">/)
    // Inline SVG marks, no images from elsewhere, no style attributes (strict CSP).
    expect(html).not.toMatch(/<img|\sstyle=/)
  })

  it('social: Telegram on Android drops facebook and x', () => {
    const { render } = make({ socials: ['google', 'x', 'facebook'] }, 'android')
    expect(buttons(render(<SocialSection />))).toEqual(['Continue with Google'])
  })
})

describe('EmailLogin', () => {
  it('a one-time-code field (numeric, autocomplete=one-time-code), "Resend code" waiting with a countdown, and the expiry', () => {
    const { store, render } = make()
    runInAction(() => {
      store.email = 'alice@example.com'
      store.phase = 'codeSent'
      store.codeSent = { expiresAt: Date.now() + 600_000, resendAfter: Date.now() + 25_500 }
    })
    const html = render(<EmailLoginView />)
    // The address in one piece (issue 52: it broke at its hyphen): its own inline block in the sentence.
    expect(html).toContain('We sent a 6-digit code to <span class="portico-auth__sentence-email">alice@example.com.</span>')
    expect(html).toMatch(/inputMode="numeric"/)
    expect(html).toMatch(/autoComplete="one-time-code"/)
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Resend code in 26 s<\/button>/)
    expect(html).toContain('The code expires at')
  })

  it('says how many attempts are left after a wrong code, and what to do after an expired or locked one', () => {
    const { store, render } = make()
    runInAction(() => {
      store.email = 'alice@example.com'
      store.phase = 'codeSent'
      store.codeSent = { expiresAt: Date.now() + 600_000, resendAfter: Date.now() - 1 }
      store.error = new AuthFrameError({ code: 'WRONG_CODE', message: 'Wrong', data: { attemptsLeft: 3 } })
    })
    expect(render(<EmailLoginView />)).toContain('That code is not right. 3 attempts left.')
    runInAction(() => (store.error = new AuthFrameError({ code: 'CODE_EXPIRED', message: '' })))
    const expired = render(<EmailLoginView />)
    expect(expired).toContain('The code has expired. Ask for a new one.')
    expect(expired).toMatch(/<button type="button" class="portico-button portico-button--secondary">Resend code<\/button>/)
    runInAction(() => (store.error = new AuthFrameError({ code: 'LOCKED', message: '' })))
    expect(render(<EmailLoginView />)).toContain('Too many wrong codes. Ask for a new code.')
    runInAction(() => (store.error = new AuthFrameError({ code: 'RATE_LIMITED', message: '', data: { retryAfter: 40 } })))
    expect(render(<EmailLoginView />)).toContain('Too many attempts. Try again in 40 s.')
    runInAction(() => (store.error = new AuthFrameError({ code: 'CODE_USED', message: '' })))
    expect(render(<EmailLoginView />)).toContain('That code was already used.')
  })

  it('without a code sent, sends the visitor back to the email field', () => {
    const { render } = make()
    expect(render(<EmailLoginView />)).toContain('Enter your email first.')
  })
})

describe('ConnectingSocial', () => {
  it('waits for the popup, then on failure gives the reason and "Try again"', () => {
    const { store, render } = make()
    runInAction(() => {
      store.provider = 'google'
      store.phase = 'socialPopup'
    })
    expect(render(<ConnectingSocialView />)).toContain('Continue in the Google window')
    runInAction(() => {
      store.phase = 'idle'
      store.error = new PopupClosedError()
    })
    const failed = render(<ConnectingSocialView />)
    expect(failed).toContain('The Google login did not finish')
    expect(failed).toContain('Popup closed')
    expect(buttons(failed)).toEqual(['Try again'])
  })
})

describe('the logged-in views', () => {
  it('EmbeddedWalletProfile: how the visitor logged in, both addresses with labelled copy buttons, Update email and Export', () => {
    const { store, render } = make()
    runInAction(() => store.setSession(session))
    const html = render(<EmbeddedWalletProfileView />)
    expect(html).toContain('alice@example.com')
    expect(html).toContain(session.accounts.eip155)
    expect(html).toContain(session.accounts.solana)
    expect(buttons(html)).toEqual(['Copy EVM address', 'Copy Solana address', 'Update email', 'Export private key'])
    // The smart account is named in words, not by its protocol key.
    const smart = '0x05b08ef29C76CEC707FB94424872A165E21CBF16'
    runInAction(() => store.setSession({ ...session, accounts: { ...session.accounts, eip155SmartAccount: smart } }))
    const withSmart = render(<EmbeddedWalletProfileView />)
    expect(withSmart).toContain(smart)
    expect(withSmart).not.toContain('eip155SmartAccount')
    expect(buttons(withSmart)).toContain('Copy EVM Smart account address')
  })

  it('UpdateEmailWallet: a new email field for an email login; a social login is told it cannot', () => {
    const { store, render } = make()
    runInAction(() => store.setSession(session))
    const html = render(<UpdateEmailWalletView />)
    expect(html).toContain('Your email now: <span class="portico-auth__sentence-email">alice@example.com</span>')
    expect(html).toContain('New email')
    expect(buttons(html)).toEqual(['Send code'])
    runInAction(() => store.setSession({ ...session, user: { id: 'x:1', provider: 'x', handle: '@alice' } }))
    expect(render(<UpdateEmailWalletView />)).toContain('its email cannot be changed here')
  })

  it('Export: the warning; a fresh login asked for first when the frame wants one', () => {
    const { store, render } = make()
    runInAction(() => store.setSession(session))
    expect(render(<ExportPrivateKeyView />)).toContain('Anyone with your private key controls your wallet')
    runInAction(() => (store.exportPhase = 'reauth'))
    const reauth = render(<ExportPrivateKeyView />)
    expect(reauth).toContain('For your safety, log in again before exporting.')
    expect(buttons(reauth)).toEqual(['Send a code to alice@example.com'])
    runInAction(() => store.setSession({ ...session, user: { id: 'g:1', provider: 'google', email: 'alice@example.com' } }))
    runInAction(() => (store.exportPhase = 'reauth'))
    expect(buttons(render(<ExportPrivateKeyView />))).toEqual(['Log in again with Google'])
  })
})

describe('the Account view after an email login', () => {
  it('shows the email, and the "Wallet & login" and "Update email" rows', async () => {
    const { portico, store, render } = make()
    registerUiViews(portico.views)
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    expect(portico.getAccount('eip155').isConnected).toBe(true)
    const html = render(<AccountView />)
    expect(html).toContain('alice@example.com')
    expect(html).toContain('Wallet &amp; login')
    expect(html).toContain('Update email')
    // A social login has no "Update email".
    runInAction(() => store.setSession({ ...session, user: { id: 'x:1', provider: 'x', handle: '@alice' } }))
    expect(render(<AccountView />)).not.toContain('Update email')
  })
})
