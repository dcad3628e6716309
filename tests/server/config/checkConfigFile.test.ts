import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkConfigFile, configFileSchema } from '../../../server/config/checkConfigFile.js'

const example = JSON.parse(readFileSync(new URL('../../../server/portico.example.json', import.meta.url), 'utf8'))
const chain = { caipNetworkId: 'eip155:1', name: 'Ethereum', rpcUrl: 'https://rpc.example.com', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

describe('checkConfigFile', () => {
  it('accepts the example shipped beside the server, and every documented part', () => {
    expect(checkConfigFile(example)).toEqual({ ok: true })
    const full = {
      ...example,
      $schema: './node_modules/portico-server/config.schema.json',
      database: { url: 'postgres://portico@127.0.0.1:5432/portico', poolSize: 10 },
      redis: { url: 'redis://127.0.0.1:6379' },
      defaultProject: {},
      publicUrl: 'https://api.example.com',
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      rpcRateLimit: { perIp: 10, perProject: 100, windowMs: 60000 },
      requestRateLimit: { max: 100, windowMs: 60000 },
      onramp: { providers: [{ type: 'moonpay', publicKey: 'pk_test', secretKey: 'sk_test', assets: { 'eip155:1': 'eth', 'eip155:1:0xA0b8': { code: 'usdc', network: 'ethereum' } } }] },
      profile: { zone: 'portico.id', maxAgeSeconds: 600 },
      email: { smtp: { host: 'smtp.example.com', port: 587, auth: { user: 'u', pass: 'p' } }, from: 'Portico <no-reply@example.com>', exportTokens: { shop: 'token' } },
      auth: {
        walletOrigin: 'https://wallet.example.com',
        shareKey: 'a'.repeat(64),
        recoveryKey: 'b'.repeat(64),
        frame: { scriptFile: 'frame.js', styleFile: 'frame.css' },
        providers: { google: { preset: 'google', clientId: 'id', clientSecret: 'secret' }, corp: { type: 'oidc', issuer: 'https://id.example.com', clientId: 'id', name: 'Corp' } },
        limits: { codeTtlMs: 600000 },
      },
      directory: 'wallets.json',
      log: { level: 'warn', fullAddresses: false },
      metrics: { token: 'a-token-of-16-chars' },
      health: { timeoutMs: 2000 },
      shutdown: { graceMs: 10000 },
    }
    expect(checkConfigFile(full)).toEqual({ ok: true })
    expect(configFileSchema.required).toEqual(['dataDir', 'chains'])
  })

  it('names a mistyped key with the nearest valid one, at any depth, under alternatives too', () => {
    const checked = checkConfigFile({
      dataDir: 'data',
      chains: [{ ...chain, nativeCurency: {} }],
      relay: { pingIntervalMS: 1000 },
      auth: { walletOrigin: 'https://w.example.com', shareKey: 'k', recoveryKey: 'r', frame: { scriptFile: 'a', styleFile: 'b' }, providers: { g: { preset: 'google', clientId: 'x', clientSecrett: 'y' } } },
      metrcs: {},
    })
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        'Unknown key "nativeCurency" at chains[0]; did you mean "nativeCurrency"?',
        'Unknown key "pingIntervalMS" at relay; did you mean "pingIntervalMs"?',
        'Unknown key "clientSecrett" at auth.providers.g; did you mean "clientSecret"?',
        'Unknown key "metrcs" at the top level; did you mean "metrics"?',
      ]),
    )
    // One sentence per problem: the alternatives the value did not mean are not reported.
    expect(checked.problems).toHaveLength(4)
    // A key left out is named too.
    const { rpcUrl: _rpcUrl, ...withoutUrl } = chain
    expect(checkConfigFile({ dataDir: 'data', chains: [withoutUrl] })).toEqual({ ok: false, problems: ['chains[0]: "rpcUrl" is required'] })
  })

  it('refuses values of the wrong type or out of bounds, saying where', () => {
    const checked = checkConfigFile({ dataDir: '', chains: {}, port: 70000, log: { level: 'verbose' }, indexer: { pollIntervalMs: 1 }, metrics: { token: 'short' } })
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        'dataDir: must NOT have fewer than 1 characters',
        'chains: must be array',
        'port: must be <= 65535',
        'log.level: must be one of "fatal", "error", "warn", "info", "debug", "trace", "silent"',
        'indexer.pollIntervalMs: must be >= 10',
        'metrics.token: must NOT have fewer than 16 characters',
      ]),
    )
  })

  it('refuses what is not an object', () => {
    for (const value of [null, [], 'config', 42]) expect(checkConfigFile(value).ok).toBe(false)
  })
})
