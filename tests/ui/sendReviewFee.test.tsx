// The send review's network-fee line, rendered (react-dom/server, no DOM): it holds its place from
// the first frame ("Estimating…") to the answer (the plugin's fee, or "Set by your wallet" where no
// plugin estimates), so the Send button below it never moves under the visitor's pointer; only a
// refusal drops it, for the error.
import '../helpers/sendLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderRpcError, type Portico, type SendFeeEstimate, type SendFeeSpeed, type TokenBalance } from '../../kernel/kernel.js'
import { PorticoContext } from '../../ui/provider/PorticoContext.js'
import { send } from '../../plugins/send/send.js'
import { WalletSendPreviewView } from '../../plugins/send/views/WalletSendPreviewView.js'
import { sendForm } from '../plugins/send/helpers.js'
import { createTestPortico, newWallet, testChain, testFeature } from '../kernel/helpers/testKit.js'

const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' }
const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

/** A connected portico whose send form is complete; `estimate` is the eip155 `estimateSendFee` tap, if any; `speeds`, the chain plugin's `meta.sendFeeSpeeds`. */
async function make(estimate?: () => Promise<SendFeeEstimate | undefined>, speeds?: readonly SendFeeSpeed[]) {
  const wallet = newWallet()
  const chain = testChain('eip155', wallet)
  if (speeds) chain.meta = { ...chain.meta, sendFeeSpeeds: speeds }
  const plugins = [chain, send(), ...(estimate ? [testFeature('fees', 'Estimates fees in a test.', (p) => void p.chains.register({ namespace: 'eip155', estimateSendFee: estimate }))] : [])]
  const { portico } = createTestPortico({ plugins })
  instances.push(portico)
  await portico.connect({ connectorId: 'eip155.wallet' })
  sendForm(portico).setToken(eth)
  sendForm(portico).setAmount('0.5')
  sendForm(portico).setReceiver('0x000000000000000000000000000000000000dEaD')
  return portico
}
const review = (portico: Portico) =>
  renderToString(
    <PorticoContext.Provider value={portico}>
      <WalletSendPreviewView />
    </PorticoContext.Provider>,
  )
/** The review's rows as "label: value", in order. */
const rows = (html: string) => [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(([, label, value]) => `${label}: ${value!.replace(/<[^>]+>/g, '')}`)

describe('the send review\'s network fee line', () => {
  it('reads "Estimating…" before the answer and "Set by your wallet" where no plugin estimates, in the same place', async () => {
    const portico = await make()
    const before = rows(review(portico))
    expect(before.at(-1)).toBe('Network fee: Estimating…')
    await sendForm(portico).estimateFee()
    const after = rows(review(portico))
    expect(after.at(-1)).toBe('Network fee: Set by your wallet')
    expect(after.length).toBe(before.length)
  })

  it('keeps Send disabled from the first frame until the fee is known, so it never turns from enabled to disabled under the pointer', async () => {
    const sendButton = (html: string) => /<button[^>]*>(?:(?!<\/button>)[\s\S])*?Send<\/button>/.exec(html.slice(html.indexOf('portico-send-preview__actions')))?.[0] ?? ''
    let answer: (fee: { fee: string; symbol: string }) => void = () => {}
    let asked: () => void = () => {}
    const askedOnce = new Promise<void>((resolve) => (asked = resolve))
    const portico = await make(
      () =>
        new Promise((resolve) => {
          answer = resolve
          asked()
        }),
    )
    // The first frame: no estimate asked yet ('idle').
    expect(sendButton(review(portico))).toContain('disabled')
    const estimating = sendForm(portico).estimateFee()
    expect(sendButton(review(portico))).toContain('disabled')
    // Answer only once the plugin was asked (the estimate starts after the form's own awaits), so the
    // fee arrives through the plugin's answer and not through the estimate's time limit.
    await askedOnce
    expect(sendButton(review(portico))).toContain('disabled')
    answer({ fee: '0.000042', symbol: 'ETH' })
    await estimating
    expect(sendButton(review(portico))).not.toContain('disabled')
  })

  it('shows the plugin\'s estimate in that place, and drops the line for the error when the plugin refuses', async () => {
    const estimating = await make(async () => ({ fee: '0.000042', symbol: 'ETH' }))
    const before = rows(review(estimating))
    await sendForm(estimating).estimateFee()
    const after = rows(review(estimating))
    expect(after.at(-1)).toBe('Network fee: up to 0.000042 ETH')
    expect(after.length).toBe(before.length)

    const refusing = await make(async () => {
      throw new ProviderRpcError({ code: -32000, message: 'Insufficient ETH for the fee' })
    })
    await sendForm(refusing).estimateFee()
    const html = review(refusing)
    expect(rows(html).some((row) => row.startsWith('Network fee'))).toBe(false)
    expect(html).toMatch(/role="alert"[^>]*>[^<]*Insufficient ETH for the fee/)
  })

  it('holds the fee speeds\' place from the first frame where the chain plugin declares them (meta.sendFeeSpeeds): the three choices, "Estimating…", none chosen, then their fees', async () => {
    /** The speed choices as "name: fee", with whether each is checked and the group disabled. */
    const choices = (html: string) => {
      const group = /<fieldset[^>]*portico-send-preview__speeds[^>]*>[\s\S]*?<\/fieldset>/.exec(html)?.[0]
      if (!group) return undefined
      const labels = [...group.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map(([, inner]) => ({
        text: [...inner!.matchAll(/<span[^>]*>([^<]*)<\/span>/g)].map(([, text]) => text).filter(Boolean).join(' · '),
        checked: /\schecked=""/.test(inner!),
      }))
      return { disabled: /^<fieldset[^>]*\sdisabled=""/.test(group), labels }
    }
    let answer: (estimate: SendFeeEstimate) => void = () => {}
    let asked: () => void = () => {}
    const askedOnce = new Promise<void>((resolve) => (asked = resolve))
    const speeds = ['slow', 'normal', 'fast'] as const
    const portico = await make(
      () =>
        new Promise((resolve) => {
          answer = resolve
          asked()
        }),
      speeds,
    )
    const pending = {
      disabled: true,
      labels: [
        { text: 'Slow · Estimating…', checked: false },
        { text: 'Normal · Estimating…', checked: false },
        { text: 'Fast · Estimating…', checked: false },
      ],
    }
    // The first frame ('idle'), then while the plugin estimates.
    expect(choices(review(portico))).toEqual(pending)
    const estimating = sendForm(portico).estimateFee()
    expect(choices(review(portico))).toEqual(pending)
    await askedOnce
    expect(choices(review(portico))).toEqual(pending)
    answer({ fee: '0.00002', symbol: 'ETH', speed: 'normal', speeds: speeds.map((speed, i) => ({ speed, fee: `0.0000${i + 1}`, detail: `${i + 1}0 gwei` })) })
    await estimating
    expect(choices(review(portico))).toEqual({
      disabled: false,
      labels: [
        { text: 'Slow · 10 gwei', checked: false },
        { text: 'Normal · 20 gwei', checked: true },
        { text: 'Fast · 30 gwei', checked: false },
      ],
    })

    // A plugin that declares no speeds: no choice before the estimate (nothing is promised that may not come).
    expect(choices(review(await make(() => new Promise(() => undefined))))).toBeUndefined()
  })
})
