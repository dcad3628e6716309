// The on-ramp API (issue 21, acceptance 3) against a real server: the sandbox provider (exact
// quotes, signed webhooks) and URL-template providers for the five real providers, configured
// with keys that must never come back in any answer. Hostile inputs on every route get a 4xx with
// a message and change nothing.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createSandboxOnrampProvider, signSandboxReport } from '../../../sandbox/onramp/createSandboxOnrampProvider.js'
import { createServer } from '../../../server/createServer.js'
import { startTestServer, makeDataDir, type TestServer } from '../helpers/startTestServer.js'

const devnet = 'eip155:31337'
const sol = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
const pUsd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const webhookSecret = 'whsec_SECRET_sandbox'
let server: TestServer
/** Every body and header the server answered, to search for keys afterwards. */
const seen: string[] = []

const assets = [
  { asset: { chainId: devnet, chainName: 'Devnet A', symbol: 'ETH', name: 'Ether', decimals: 18 }, priceUsdCents: 300_000n },
  { asset: { chainId: devnet, chainName: 'Devnet A', address: pUsd, symbol: 'pUSD', name: 'Portico USD', decimals: 6 }, priceUsdCents: 100n },
  { asset: { chainId: sol, chainName: 'Solana Localnet', symbol: 'SOL', name: 'Solana', decimals: 9 }, priceUsdCents: 15_000n },
]

beforeAll(async () => {
  server = await startTestServer({
    indexer: false,
    chains: [
      { caipNetworkId: devnet, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, tokens: [{ address: pUsd, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] },
      { caipNetworkId: sol, name: 'Solana Localnet', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
      { caipNetworkId: 'cosmos:portico-local-1', name: 'Cosmos', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'PTC', symbol: 'PTC', decimals: 6 } },
    ],
    onramp: {
      providers: [
        createSandboxOnrampProvider({ origin: 'http://127.0.0.1:4700', assets, webhookSecret }),
        { type: 'moonpay', publicKey: 'pk_test_PUBLIC_moonpay', secretKey: 'sk_test_SECRET_moonpay', assets: { [devnet]: 'eth', [`${devnet}:${pUsd}`]: { code: 'usdc' } } },
        // Dummy secret keys on every provider: only MoonPay's template uses one (to sign), and none may come back.
        { type: 'transak', publicKey: 'tk_PUBLIC_transak', secretKey: 'sk_SECRET_transak', assets: { [devnet]: { code: 'ETH', network: 'ethereum' } } },
        { type: 'coinbase', publicKey: 'cdp-app', secretKey: 'sk_SECRET_coinbase', assets: { [devnet]: { code: 'ETH', network: 'base' } }, createSessionToken: async () => 'SESSION_SECRET_cdp' },
        { type: 'ramp', publicKey: 'ramp_key', secretKey: 'sk_SECRET_ramp', appName: 'Demo', assets: { [sol]: 'SOLANA_SOL' } },
        { type: 'meld', publicKey: 'meld_public', secretKey: 'sk_SECRET_meld', assets: { [sol]: 'SOL' } },
      ],
    },
  })
})
afterAll(async () => {
  await server?.dispose()
})

async function get(path: string) {
  const answer = await server.getJson(path)
  seen.push(JSON.stringify(answer.body), JSON.stringify([...answer.headers]))
  return answer
}
async function post(path: string, body: unknown, headers?: Record<string, string>) {
  const answer = await server.post(path, body, headers)
  seen.push(JSON.stringify(answer.body), JSON.stringify([...answer.headers]))
  return answer
}
const quote = (body: Record<string, unknown>) => post('/v1/onramp/quote?projectId=p1', body)
const generate = (overrides: Record<string, unknown> = {}) =>
  post('/v1/generators/onrampurl?projectId=p1', { destinationWallets: [{ address: user, blockchains: [devnet], assets: ['pUSD'] }], defaultNetwork: devnet, presetFiatAmount: '50', paymentCurrency: 'USD', provider: 'sandbox', ...overrides })
const report = (body: unknown, secret = webhookSecret) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  return post('/v1/onramp/webhooks/sandbox', raw, { 'x-portico-sandbox-signature': signSandboxReport(raw, secret) })
}

describe('GET /v1/onramp/options', () => {
  it('lists what the providers sell on eip155 and solana chains (never cosmos), the fiat currencies with limits, and who quotes', async () => {
    const { status, body } = await get('/v1/onramp/options?projectId=p1')
    expect(status).toBe(200)
    expect(body.purchaseCurrencies.map((c: { id: string; networks: { chain_id: string }[] }) => `${c.id}@${c.networks.map((n) => n.chain_id).join(',')}`)).toEqual([`ETH@${devnet}`, `pUSD@${devnet}`, `SOL@${sol}`])
    expect(body.purchaseCurrencies[1].networks[0]).toEqual({ name: devnet, display_name: 'Devnet A', chain_id: devnet, contract_address: pUsd, decimals: 6 })
    expect(body.paymentCurrencies).toEqual([
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'bank_account', min: '10.00', max: '25000.00' }] },
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'bank_account', min: '10.00', max: '25000.00' }] },
    ])
    expect(body.providers.map((p: { id: string; quotes: boolean }) => `${p.id}:${p.quotes}`)).toEqual(['sandbox:true', 'moonpay:false', 'transak:false', 'coinbase:false', 'ramp:false', 'meld:false'])
  })

  it('refuses an unknown project and a repeated parameter', async () => {
    const strict = await startTestServer({ defaultProject: undefined as never, onramp: { providers: [] } })
    try {
      expect((await strict.getJson('/v1/onramp/options?projectId=nobody')).status).toBe(401)
    } finally {
      await strict.dispose()
    }
    expect((await get('/v1/onramp/options?projectId=a&projectId=b')).status).toBe(400)
  })
})

describe('POST /v1/onramp/quote', () => {
  it("answers a line per provider: the sandbox's exact quote, and 'unavailable' for a provider that prices in its own checkout (no made-up number)", async () => {
    const { status, body } = await quote({ purchaseCurrency: 'pUSD', paymentCurrency: 'USD', amount: '50', network: devnet })
    expect(status).toBe(200)
    expect(body.purchaseAmount).toEqual({ amount: '48.75', currency: 'pUSD' })
    expect(body.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    expect(body.networkFee).toEqual({ amount: '0.50', currency: 'USD' })
    expect(body.quotes).toHaveLength(2)
    expect(body.quotes[0]).toMatchObject({ provider: 'sandbox', status: 'ok', providerFee: { amount: '0.75', currency: 'USD' }, paymentSubtotal: { amount: '48.75', currency: 'USD' } })
    expect(body.quotes[1]).toEqual({ provider: 'moonpay', name: 'MoonPay', status: 'unavailable', message: 'MoonPay shows its price in its own checkout', paymentMethods: expect.any(Array) })
  })

  it('quotes an amount to receive: exactly that arrives, for the least whole-cent total', async () => {
    const { body } = await quote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '0.01', amountIn: 'crypto', network: devnet, provider: 'sandbox' })
    expect(body.purchaseAmount).toEqual({ amount: '0.01', currency: 'ETH' })
    expect(body.paymentTotal.amount).toBe('30.97')
    const eur = await quote({ purchaseCurrency: 'SOL', paymentCurrency: 'EUR', amount: '100', network: sol, provider: 'sandbox' })
    // 100 EUR = 110 USD; less 1.5 % (1.50 EUR) and 0.05 EUR network fee: 98.45 EUR = 108.295 USD at 150 USD a SOL.
    expect(eur.body.purchaseAmount).toEqual({ amount: '0.721966666', currency: 'SOL' })
  })

  it("refuses an amount no provider takes with a 400 OUT_OF_LIMITS (docs/server/onramp.md), naming the limit and carrying each provider's line", async () => {
    for (const amount of ['9.99', '7500.01', '25000']) {
      const { status, body } = await quote({ purchaseCurrency: 'pUSD', paymentCurrency: 'USD', amount, network: devnet })
      expect(status, amount).toBe(400)
      expect(body.code).toBe('OUT_OF_LIMITS')
      expect(body.message).toBe('The amount must be between 10.00 and 7,500.00 USD (card)')
      expect(body.purchaseAmount).toBeUndefined()
      expect(body.data.quotes.map((q: { provider: string; status: string; message: string }) => `${q.provider}:${q.status}:${q.message}`)).toEqual([
        'sandbox:out_of_limits:The amount must be between 10.00 and 7,500.00 USD (card)',
        'moonpay:out_of_limits:The amount must be between 10.00 and 7,500.00 USD (card)',
      ])
    }
    // Providers refusing for different reasons: each is named in the message.
    const bank = await quote({ purchaseCurrency: 'pUSD', paymentCurrency: 'USD', amount: '30000', network: devnet, paymentMethod: 'bank_account' })
    expect(bank.status).toBe(400)
    expect(bank.body).toMatchObject({ code: 'OUT_OF_LIMITS', message: 'Portico Sandbox Pay: bank_account is not a payment method this provider takes in USD; MoonPay: The amount must be between 10.00 and 25,000.00 USD (bank account)' })
  })

  it('answers 200 when some provider takes the amount, with the others marked out_of_limits in their lines', async () => {
    const bank = await quote({ purchaseCurrency: 'pUSD', paymentCurrency: 'USD', amount: '50', network: devnet, paymentMethod: 'bank_account' })
    expect(bank.status).toBe(200)
    expect(bank.body.purchaseAmount).toBeUndefined()
    expect(bank.body.quotes[0]).toMatchObject({ provider: 'sandbox', status: 'out_of_limits', message: 'bank_account is not a payment method this provider takes in USD' })
    expect(bank.body.quotes[1]).toMatchObject({ provider: 'moonpay', status: 'unavailable', message: 'MoonPay shows its price in its own checkout' })
  })

  it('refuses hostile input with a 400 and a message', async () => {
    const bad: [Record<string, unknown> | string, RegExp][] = [
      ['[]', /JSON object/],
      ['{"purchaseCurrency":', /not valid JSON/],
      [{ purchaseCurrency: 'pUSD', amount: '50', network: 'eip155' }, /network must be a CAIP-2 id/],
      [{ purchaseCurrency: 'pGLD', amount: '50', network: devnet }, /No on-ramp provider here sells pGLD on eip155:31337/],
      [{ purchaseCurrency: 'PTC', amount: '50', network: 'cosmos:portico-local-1' }, /No on-ramp provider here sells PTC/],
      [{ purchaseCurrency: 'pUSD', amount: '-5', network: devnet }, /positive fiat amount/],
      [{ purchaseCurrency: 'pUSD', amount: '1e3', network: devnet }, /positive fiat amount/],
      [{ purchaseCurrency: 'pUSD', amount: '50.001', network: devnet }, /positive fiat amount/],
      [{ purchaseCurrency: 'pUSD', amount: 50, network: devnet }, /amount must be a string/],
      [{ purchaseCurrency: 'pUSD', amount: '0.0000001', amountIn: 'crypto', network: devnet }, /at most 6 decimals/],
      [{ purchaseCurrency: 'pUSD', amount: '50', amountIn: 'both', network: devnet }, /amountIn must be/],
      [{ purchaseCurrency: 'pUSD', amount: '50', network: devnet, paymentCurrency: 'dollars' }, /ISO 4217/],
      [{ purchaseCurrency: 'pUSD', amount: '50', network: devnet, paymentMethod: '<script>' }, /payment method id/],
      [{ purchaseCurrency: 'pUSD', amount: '50', network: devnet, provider: 'ramp' }, /does not sell pUSD/],
      [{ purchaseCurrency: 'x'.repeat(500), amount: '50', network: devnet }, /too long/],
    ]
    for (const [body, message] of bad) {
      const answer = await quote(body as Record<string, unknown>)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.body.message).toMatch(message)
    }
  })
})

describe('POST /v1/generators/onrampurl', () => {
  it("builds each provider's checkout URL from its public parameters; MoonPay's is signed with the secret key, which is not in it", async () => {
    const moonpay = await generate({ provider: 'moonpay' })
    expect(moonpay.status).toBe(200)
    const url = new URL(moonpay.body.url)
    expect(url.origin).toBe('https://buy.moonpay.com')
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'signature'))).toEqual({
      apiKey: 'pk_test_PUBLIC_moonpay',
      currencyCode: 'usdc',
      walletAddress: user,
      baseCurrencyCode: 'usd',
      baseCurrencyAmount: '50.00',
      paymentMethod: 'credit_debit_card',
      externalTransactionId: moonpay.body.orderId,
    })
    const unsigned = moonpay.body.url.slice(0, moonpay.body.url.indexOf('&signature='))
    expect(url.searchParams.get('signature')).toBe(createHmac('sha256', 'sk_test_SECRET_moonpay').update(new URL(unsigned).search).digest('base64'))
    const coinbase = new URL((await generate({ provider: 'coinbase', destinationWallets: [{ address: user, blockchains: [devnet], assets: ['ETH'] }] })).body.url)
    expect([coinbase.origin + coinbase.pathname, coinbase.searchParams.get('defaultAsset'), coinbase.searchParams.get('defaultNetwork'), coinbase.searchParams.get('presetFiatAmount')]).toEqual(['https://pay.coinbase.com/buy/select-asset', 'ETH', 'base', '50.00'])
    const ramp = new URL((await generate({ provider: 'ramp', destinationWallets: [{ address: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', blockchains: [sol], assets: ['SOL'] }], defaultNetwork: sol })).body.url)
    expect(Object.fromEntries(ramp.searchParams)).toEqual({ hostApiKey: 'ramp_key', hostAppName: 'Demo', swapAsset: 'SOLANA_SOL', userAddress: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', fiatCurrency: 'USD', fiatValue: '50.00' })
  })

  it("builds Transak's and Meld's checkout URLs from their public parameters, for a fiat or a crypto amount", async () => {
    const transak = await generate({ provider: 'transak', destinationWallets: [{ address: user, blockchains: [devnet], assets: ['ETH'] }], paymentCurrency: 'EUR' })
    expect(transak.status).toBe(200)
    const t = new URL(transak.body.url)
    expect(t.origin).toBe('https://global.transak.com')
    expect(Object.fromEntries(t.searchParams)).toEqual({
      apiKey: 'tk_PUBLIC_transak',
      productsAvailed: 'BUY',
      cryptoCurrencyCode: 'ETH',
      network: 'ethereum',
      walletAddress: user,
      disableWalletAddressForm: 'true',
      fiatCurrency: 'EUR',
      fiatAmount: '50.00',
      paymentMethod: 'credit_debit_card',
      partnerOrderId: transak.body.orderId,
    })
    const byCrypto = await generate({ provider: 'transak', destinationWallets: [{ address: user, blockchains: [devnet], assets: ['ETH'] }], presetFiatAmount: undefined, presetCryptoAmount: '0.25' })
    expect(byCrypto.status).toBe(200)
    const c = new URL(byCrypto.body.url).searchParams
    expect([c.get('cryptoAmount'), c.has('fiatAmount'), c.get('partnerOrderId')]).toEqual(['0.25', false, byCrypto.body.orderId])
    expect(byCrypto.body.orderId).not.toBe(transak.body.orderId)

    const solUser = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
    const meld = await generate({ provider: 'meld', destinationWallets: [{ address: solUser, blockchains: [sol], assets: ['SOL'] }], defaultNetwork: sol })
    expect(meld.status).toBe(200)
    const m = new URL(meld.body.url)
    expect(m.origin).toBe('https://meldcrypto.com')
    expect(Object.fromEntries(m.searchParams)).toEqual({
      publicKey: 'meld_public',
      destinationCurrencyCode: 'SOL',
      walletAddress: solUser,
      sourceCurrencyCode: 'USD',
      sourceAmount: '50.00',
      externalCustomerId: meld.body.orderId,
    })
    // Neither sells what it was not configured for: a clear 4xx, no URL.
    const unsold = await generate({ provider: 'meld' })
    expect(unsold.status).toBeGreaterThanOrEqual(400)
    expect(unsold.status).toBeLessThan(500)
    expect(unsold.body).toMatchObject({ message: expect.any(String) })
    expect(unsold.body.url).toBeUndefined()
  })

  it('the sandbox checkout URL carries the order; the order starts as created', async () => {
    const { body } = await generate()
    expect(body.url).toBe(`http://127.0.0.1:4700/sandbox/onramp?orderId=${body.orderId}&chainId=eip155%3A31337&asset=${pUsd}&walletAddress=${user}&fiatCurrency=USD&fiatAmount=50.00`)
    const order = await get(`/v1/onramp/orders/${body.orderId}?projectId=p1`)
    expect(order.body).toMatchObject({ orderId: body.orderId, provider: 'sandbox', status: 'created', chainId: devnet, purchaseCurrency: 'pUSD', address: user, fiatAmount: '50.00', txHash: null })
  })

  it("takes the preset amounts as numbers, as the incumbent's client sends them (issue 44), and as numeric strings", async () => {
    const orderOf = async (answer: { status: number; body: { orderId: string; message?: string } }) => {
      expect(answer.status, answer.body.message).toBe(200)
      return (await get(`/v1/onramp/orders/${answer.body.orderId}?projectId=p1`)).body as { fiatAmount: string | null; cryptoAmount: string | null }
    }
    expect((await orderOf(await generate({ presetFiatAmount: 50 }))).fiatAmount).toBe('50.00')
    expect((await orderOf(await generate({ presetFiatAmount: 49.99 }))).fiatAmount).toBe('49.99')
    expect((await orderOf(await generate({ presetFiatAmount: '75.5' }))).fiatAmount).toBe('75.50')
    const eth = { provider: 'transak', destinationWallets: [{ address: user, blockchains: [devnet], assets: ['ETH'] }], presetFiatAmount: undefined }
    expect((await orderOf(await generate({ ...eth, presetCryptoAmount: 0.25 }))).cryptoAmount).toBe('0.25')
    // A number JavaScript writes with an exponent is still the exact decimal.
    expect((await orderOf(await generate({ ...eth, presetCryptoAmount: 5e-7 }))).cryptoAmount).toBe('0.0000005')
    const transak = new URL((await generate({ ...eth, presetFiatAmount: 120 })).body.url)
    expect(transak.searchParams.get('fiatAmount')).toBe('120.00')
  })

  it('refuses a preset amount that is not a positive finite number with a clear 400, and records no order for it', async () => {
    const before = (server.db.prepare('SELECT COUNT(*) AS n FROM onramp_orders').get() as { n: number }).n
    const body = (preset: string) =>
      `{"destinationWallets":[{"address":"${user}","blockchains":["${devnet}"],"assets":["pUSD"]}],"defaultNetwork":"${devnet}","provider":"sandbox",${preset}}`
    const bad: [string, RegExp][] = [
      ['"presetFiatAmount":1e400', /presetFiatAmount must be a finite number/],
      ['"presetFiatAmount":-1e400', /presetFiatAmount must be a finite number/],
      ['"presetFiatAmount":"NaN"', /positive fiat amount/],
      ['"presetFiatAmount":"Infinity"', /positive fiat amount/],
      ['"presetFiatAmount":-5', /positive fiat amount/],
      ['"presetFiatAmount":0', /positive fiat amount/],
      ['"presetFiatAmount":49.999', /positive fiat amount/],
      ['"presetFiatAmount":{"amount":50}', /presetFiatAmount must be a number or a decimal string/],
      ['"presetFiatAmount":[50]', /presetFiatAmount must be a number or a decimal string/],
      ['"presetFiatAmount":true', /presetFiatAmount must be a number or a decimal string/],
      ['"presetCryptoAmount":-0.5', /positive decimal of pUSD/],
      ['"presetCryptoAmount":{}', /presetCryptoAmount must be a number or a decimal string/],
    ]
    for (const [preset, message] of bad) {
      const answer = await post('/v1/generators/onrampurl?projectId=p1', body(preset))
      expect(answer.status, preset).toBe(400)
      expect(answer.body.message, preset).toMatch(message)
    }
    expect((server.db.prepare('SELECT COUNT(*) AS n FROM onramp_orders').get() as { n: number }).n).toBe(before)
  })

  it('refuses hostile input with a 4xx and a message, and records no order for it', async () => {
    const before = (server.db.prepare('SELECT COUNT(*) AS n FROM onramp_orders').get() as { n: number }).n
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ destinationWallets: 'x' }, /destinationWallets must hold one/],
      [{ destinationWallets: [{ address: user }, { address: user }] }, /destinationWallets must hold one/],
      [{ destinationWallets: [{ address: 'not-an-address', blockchains: [devnet], assets: ['pUSD'] }] }, /not a valid eip155 address/],
      [{ destinationWallets: [{ address: user, blockchains: [sol], assets: ['SOL'] }], defaultNetwork: sol }, /not a valid solana address/],
      [{ presetFiatAmount: undefined }, /presetFiatAmount or presetCryptoAmount/],
      [{ presetFiatAmount: '9000' }, /between 10.00 and 7,500.00 USD/],
      [{ provider: 'nobody' }, /provider nobody does not sell/],
      [{ provider: undefined }, /provider is required/],
      [{ defaultExperience: 'send' }, /defaultExperience must be "buy"/],
      [{ redirectUrl: 'javascript:alert(1)' }, /redirectUrl must be an http/],
      [{ paymentCurrency: 'GBP' }, /does not take GBP/],
    ]
    for (const [overrides, message] of bad) {
      const answer = await generate(overrides)
      expect(answer.status, JSON.stringify(overrides).slice(0, 80)).toBe(400)
      expect(answer.body.message).toMatch(message)
    }
    expect((server.db.prepare('SELECT COUNT(*) AS n FROM onramp_orders').get() as { n: number }).n).toBe(before)
  })

  it("a provider that cannot open a checkout is a 502 that names it, without its error's details", async () => {
    const failing = await startTestServer({
      indexer: false,
      chains: [{ caipNetworkId: devnet, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      onramp: { providers: [{ type: 'coinbase', publicKey: 'cdp-app', assets: { [devnet]: 'ETH' }, createSessionToken: async () => Promise.reject(new Error('CDP key sk_SECRET rejected')) }] },
    })
    try {
      const answer = await failing.post('/v1/generators/onrampurl?projectId=p1', { destinationWallets: [{ address: user, blockchains: [devnet], assets: ['ETH'] }], presetFiatAmount: '50' })
      expect(answer.status).toBe(502)
      expect(answer.body).toEqual({ code: 'ONRAMP_PROVIDER_FAILED', message: 'Coinbase Onramp could not open a checkout right now' })
    } finally {
      await failing.dispose()
    }
  })
})

describe('GET /v1/onramp/orders/:id and POST /v1/onramp/webhooks/:provider', () => {
  it('moves an order forward on signed reports only: created → pending → completed, never back', async () => {
    const { body } = await generate()
    const orderId = body.orderId as string
    expect((await report({ orderId, status: 'pending' })).status).toBe(200)
    expect((await get(`/v1/onramp/orders/${orderId}?projectId=p1`)).body.status).toBe('pending')
    expect((await report({ orderId, status: 'completed', txHash: '0xabc', cryptoAmount: '48.75' })).status).toBe(200)
    expect((await get(`/v1/onramp/orders/${orderId}?projectId=p1`)).body).toMatchObject({ status: 'completed', txHash: '0xabc', cryptoAmount: '48.75' })
    const again = await report({ orderId, status: 'failed', reason: 'late' })
    expect([again.status, again.body.code]).toEqual([409, 'ORDER_CLOSED'])
    expect((await get(`/v1/onramp/orders/${orderId}?projectId=p1`)).body.status).toBe('completed')
  })

  it('refuses forged, malformed and misdirected reports, and changes nothing', async () => {
    const { body } = await generate()
    const orderId = body.orderId as string
    const forged = await report({ orderId, status: 'completed', txHash: '0xforged' }, 'wrong-secret')
    expect([forged.status, forged.body.code]).toEqual([401, 'INVALID_SIGNATURE'])
    const unsigned = await post('/v1/onramp/webhooks/sandbox', { orderId, status: 'completed' })
    expect(unsigned.status).toBe(401)
    const raw = JSON.stringify({ orderId, status: 'pending' })
    const tampered = await post('/v1/onramp/webhooks/sandbox', raw.replace('pending', 'completed'), { 'x-portico-sandbox-signature': signSandboxReport(raw, webhookSecret) })
    expect(tampered.status).toBe(401)
    expect((await report({ orderId, status: 'refunded' })).status).toBe(401)
    expect((await report('not json')).status).toBe(401)
    expect((await report({ orderId: 'AAAAAAAAAAAAAAAAAAAAAA', status: 'completed' })).status).toBe(404)
    expect((await post('/v1/onramp/webhooks/moonpay', { orderId, status: 'completed' })).status).toBe(404)
    expect((await post('/v1/onramp/webhooks/nobody', { orderId, status: 'completed' })).status).toBe(404)
    expect((await get(`/v1/onramp/orders/${orderId}?projectId=p1`)).body.status).toBe('created')
  })

  it('an unknown or malformed order id is a 404', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fetc', "'%20OR%201=1--", 'x'.repeat(60)]) {
      expect((await get(`/v1/onramp/orders/${id}?projectId=p1`)).status).toBe(404)
    }
  })
})

describe('provider keys', () => {
  it('never appear in any answer: secret keys nowhere; publishable keys and session tokens only inside the checkout URL the widget needs', async () => {
    const everything = seen.join('\n')
    expect(seen.length).toBeGreaterThan(50)
    for (const secret of ['sk_test_SECRET_moonpay', webhookSecret, 'sk_SECRET_transak', 'sk_SECRET_coinbase', 'sk_SECRET_ramp', 'sk_SECRET_meld']) expect(everything).not.toContain(secret)
    for (const widgetKey of ['pk_test_PUBLIC_moonpay', 'SESSION_SECRET_cdp', 'ramp_key', 'tk_PUBLIC_transak', 'meld_public']) {
      const answers = seen.filter((s) => s.includes(widgetKey))
      expect(answers.length, widgetKey).toBeGreaterThan(0)
      for (const answer of answers) expect(answer).toMatch(/^\{"url":"https:\/\/(buy\.moonpay\.com|pay\.coinbase\.com|app\.ramp\.network|global\.transak\.com|meldcrypto\.com)\/[^"]*","orderId":"[A-Za-z0-9_-]{22}"\}$/)
    }
    // The options and quotes name the providers, never a key.
    const listings = seen.filter((s) => !s.startsWith('{"url"'))
    for (const key of ['pk_test_PUBLIC_moonpay', 'SESSION_SECRET_cdp', 'ramp_key', 'tk_PUBLIC_transak', 'meld_public', 'cdp-app']) expect(listings.join('\n')).not.toContain(key)
  })

  it('a malformed provider configuration stops the server at start, naming it', async () => {
    const base = { dataDir: makeDataDir(), port: 0, relay: false as const, indexer: false as const, chains: [] }
    await expect(createServer({ ...base, onramp: { providers: [{ type: 'moonpay', publicKey: 'pk', assets: {} }] } })).rejects.toThrow(/moonpay needs secretKey/)
    await expect(createServer({ ...base, onramp: { providers: [{ type: 'paypal' as never, publicKey: 'pk', assets: {} }] } })).rejects.toThrow(/must be one of coinbase, moonpay, transak, ramp, meld/)
    await expect(createServer({ ...base, onramp: { providers: [{ type: 'meld', publicKey: 'a', assets: {} }, { type: 'meld', publicKey: 'b', assets: {} }] } })).rejects.toThrow(/meld is configured twice/)
  })
})
