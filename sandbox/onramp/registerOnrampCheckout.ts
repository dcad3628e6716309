import type { FastifyInstance, FastifyReply } from 'fastify'

import { parseDecimalUnits } from '../../kernel/utils/parseDecimalUnits.js'
import { HttpError } from '../../server/errors/HttpError.js'
import { parseFiatCents } from '../../server/onramp/fiatCents.js'
import type { OnrampProviderQuote } from '../../server/onramp/OnrampProvider.js'
import type { OnrampTreasury, TreasuryAsset } from './createOnrampTreasury.js'
import { findTreasuryAsset, sandboxOnrampSignatureHeader, signSandboxReport } from './createSandboxOnrampProvider.js'
import { sandboxOnrampQuote, sandboxPaymentMethods } from './sandboxOnrampQuote.js'
import { testCardOutcome } from './sandboxTestCards.js'

export type RegisterOnrampCheckoutParameters = {
  treasury: OnrampTreasury
  /** The Portico server the checkout reports to (its `/v1/onramp/webhooks/sandbox`). */
  serverUrl: string
  webhookSecret: string
  /** The Content-Security-Policy of the page (the sandbox's own). */
  csp: string
}

type Order = { orderId: string; chainId: string; asset: TreasuryAsset; walletAddress: string; fiatCurrency: string; fiatAmount?: string; cryptoAmount?: string }

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const money = (value: string, currency: string) => `${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Portico Sandbox Pay</title>
<link rel="stylesheet" href="/sandbox-onramp.css">
</head>
<body>
<main class="checkout">
<p class="checkout__brand">Portico Sandbox Pay <span class="checkout__badge">test mode</span></p>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>`
}

/** Reads an order's parameters (query or form); a malformed one is a message for the visitor. */
function readOrder(source: Record<string, unknown>, treasury: OnrampTreasury): Order | string {
  const text = (name: string) => (typeof source[name] === 'string' && (source[name] as string).length <= 128 ? (source[name] as string) : undefined)
  const orderId = text('orderId')
  const chainId = text('chainId')
  const assetParam = text('asset')
  const walletAddress = text('walletAddress')
  const fiatCurrency = text('fiatCurrency') ?? 'USD'
  if (!orderId || !/^[A-Za-z0-9_-]{22}$/.test(orderId)) return 'This checkout link has no valid order. Start again from the site.'
  if (!chainId || !assetParam || !walletAddress) return 'This checkout link is incomplete. Start again from the site.'
  const asset = findTreasuryAsset(treasury.assets, { chainId, ...(assetParam === 'native' ? {} : { address: assetParam }) })
  if (!asset) return 'The sandbox does not sell this asset.'
  const fiatAmount = text('fiatAmount')
  const cryptoAmount = text('cryptoAmount')
  if (fiatAmount === undefined && cryptoAmount === undefined) return 'This checkout link has no amount. Start again from the site.'
  return { orderId, chainId, asset, walletAddress, fiatCurrency, ...(fiatAmount !== undefined ? { fiatAmount } : {}), ...(cryptoAmount !== undefined ? { cryptoAmount } : {}) }
}

/** The checkout's own quote for an order (what it charges and pays out), or why there is none. */
function quoteOrder(order: Order): OnrampProviderQuote | string {
  try {
    const quote = sandboxOnrampQuote({ asset: order.asset.asset, priceUsdCents: order.asset.priceUsdCents, fiatCurrency: order.fiatCurrency, ...(order.cryptoAmount !== undefined ? { cryptoAmount: order.cryptoAmount } : { fiatAmount: order.fiatAmount as string }) })
    const card = sandboxPaymentMethods[0]!
    const total = parseFiatCents(quote.fiatTotal) ?? 0n
    if (total < (parseFiatCents(card.min) ?? 0n) || total > (parseFiatCents(card.max) ?? 0n)) return `Card payments must be between ${money(card.min, order.fiatCurrency)} and ${money(card.max, order.fiatCurrency)}.`
    return quote
  } catch (error) {
    return error instanceof HttpError ? error.shortMessage : 'This order cannot be priced.'
  }
}

function summary(order: Order, quote: OnrampProviderQuote): string {
  const { asset } = order.asset
  return `<dl class="checkout__summary">
<div><dt>You pay</dt><dd>${escape(money(quote.fiatTotal, order.fiatCurrency))}</dd></div>
<div><dt>Processing fee</dt><dd>${escape(money(quote.providerFee, order.fiatCurrency))}</dd></div>
<div><dt>Network fee</dt><dd>${escape(money(quote.networkFee, order.fiatCurrency))}</dd></div>
<div><dt>You receive</dt><dd>${escape(`${quote.cryptoAmount} ${asset.symbol}`)}</dd></div>
<div><dt>Network</dt><dd>${escape(asset.chainName)}</dd></div>
<div><dt>To</dt><dd class="checkout__address">${escape(order.walletAddress)}</dd></div>
</dl>`
}

function form(order: Order, error?: string): string {
  const hidden = (['orderId', 'chainId', 'walletAddress', 'fiatCurrency', 'fiatAmount', 'cryptoAmount'] as const)
    .filter((name) => order[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escape(order[name] as string)}">`)
    .join('\n')
  return `<form class="checkout__form" method="post" action="/sandbox/onramp/pay">
${hidden}
<input type="hidden" name="asset" value="${escape(order.asset.asset.address ?? 'native')}">
${error ? `<p class="checkout__error" role="alert">${escape(error)}</p>` : ''}
<label>Card number <input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required></label>
<div class="checkout__row">
<label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" placeholder="12/34" required></label>
<label>Security code <input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></label>
</div>
<button type="submit">Pay</button>
<p class="checkout__hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and any 3 digits.</p>
</form>`
}

/**
 * Mounts the sandbox provider's checkout: `GET /sandbox/onramp` (the page a visitor continues
 * in: the order priced by the checkout itself, and a card form) and `POST /sandbox/onramp/pay`
 * (the form: standard test cards pay or are declined; an approved card reports the order pending,
 * has the treasury send the asset on chain, and reports it completed with the transaction, each
 * report a signed webhook to the Portico server). No script runs on the page. An order is paid at
 * most once; a declined card closes it (the site starts a new one).
 *
 * @example
 * registerOnrampCheckout(app, { treasury, serverUrl, webhookSecret, csp: sandboxPageCsp })
 */
export function registerOnrampCheckout(app: FastifyInstance, { treasury, serverUrl, webhookSecret, csp }: RegisterOnrampCheckoutParameters): void {
  const handled = new Set<string>()
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', csp).header('referrer-policy', 'no-referrer').send(html)
  const report = async (body: Record<string, string>): Promise<{ ok: boolean; message?: string }> => {
    const raw = JSON.stringify(body)
    const response = await fetch(`${serverUrl}/v1/onramp/webhooks/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', [sandboxOnrampSignatureHeader]: signSandboxReport(raw, webhookSecret) }, body: raw })
    if (response.ok) return { ok: true }
    const answer = (await response.json().catch(() => ({}))) as { message?: string }
    return { ok: false, ...(answer.message ? { message: answer.message } : {}) }
  }

  app.get('/sandbox/onramp', async (request, reply) => {
    const order = readOrder(request.query as Record<string, unknown>, treasury)
    if (typeof order === 'string') return send(reply, 400, page('Checkout unavailable', `<p class="checkout__error" role="alert">${escape(order)}</p>`))
    const quote = quoteOrder(order)
    if (typeof quote === 'string') return send(reply, 400, page('Checkout unavailable', `<p class="checkout__error" role="alert">${escape(quote)}</p>`))
    if (handled.has(order.orderId)) return send(reply, 409, page('Order closed', '<p>This order was already paid or declined. Start a new one from the site.</p>'))
    return send(reply, 200, page(`Buy ${order.asset.asset.symbol}`, summary(order, quote) + form(order)))
  })

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))))
    scope.post('/sandbox/onramp/pay', async (request, reply) => {
      const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>
      const order = readOrder(fields, treasury)
      if (typeof order === 'string') return send(reply, 400, page('Checkout unavailable', `<p class="checkout__error" role="alert">${escape(order)}</p>`))
      const quote = quoteOrder(order)
      if (typeof quote === 'string') return send(reply, 400, page('Checkout unavailable', `<p class="checkout__error" role="alert">${escape(quote)}</p>`))
      const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).slice(0, 40) : '')
      const card = testCardOutcome({ number: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc'), now: new Date() })
      if (card.kind === 'invalid') return send(reply, 400, page(`Buy ${order.asset.asset.symbol}`, summary(order, quote) + form(order, card.message)))
      if (handled.has(order.orderId)) return send(reply, 409, page('Order closed', '<p>This order was already paid or declined. Start a new one from the site.</p>'))
      handled.add(order.orderId)

      if (card.kind === 'declined') {
        await report({ orderId: order.orderId, status: 'failed', reason: `Card declined: ${card.reason}` }).catch(() => undefined)
        return send(reply, 402, page('Card declined', `<p class="checkout__error" role="alert">${escape(card.reason)} Nothing was charged.</p><p>Close this window and try again from the site.</p>`))
      }
      const accepted = await report({ orderId: order.orderId, status: 'pending' }).catch((error: Error) => ({ ok: false, message: error.message }))
      if (!accepted.ok) {
        return send(reply, 409, page('Checkout unavailable', `<p class="checkout__error" role="alert">The site did not accept this order (${escape(accepted.message ?? 'no answer')}). Nothing was charged.</p>`))
      }
      const units = parseDecimalUnits(quote.cryptoAmount, order.asset.asset.decimals) as bigint
      let txHash: string
      try {
        txHash = (await treasury.payout(order.asset.asset, order.walletAddress, units)).txHash
      } catch (error) {
        request.log.error(error)
        await report({ orderId: order.orderId, status: 'failed', reason: 'The payout failed; your card was not charged.' }).catch(() => undefined)
        return send(reply, 502, page('Payout failed', '<p class="checkout__error" role="alert">The payout failed; your card was not charged. Close this window and try again from the site.</p>'))
      }
      await report({ orderId: order.orderId, status: 'completed', txHash, cryptoAmount: quote.cryptoAmount }).catch(() => undefined)
      return send(
        reply,
        200,
        page(
          'Payment approved',
          `<p role="status">${escape(`${card.brand} charged ${money(quote.fiatTotal, order.fiatCurrency)}. ${quote.cryptoAmount} ${order.asset.asset.symbol} sent to ${order.walletAddress}.`)}</p>
<p class="checkout__address">Transaction ${escape(txHash)}</p>
<p>You can close this window and return to the site.</p>`,
        ),
      )
    })
  })
}
