// Issue 51, acceptance 5: the OpenAPI 3.1 document at /openapi.json is made from the routes' own
// schemas; a route without one fails here. Then every operation of the document is fuzzed as an
// API fuzzer would: requests generated from its parameter and body schemas (fast-check, a fixed
// seed; PORTICO_FUZZ_SEED and PORTICO_FUZZ_RUNS override), values that fit and values that do not,
// hostile strings and malformed bodies. No answer may be a 5xx, and every answer must be one the
// document declares for the operation, its JSON body valid against the declared schema.
// The server has every part on: sign-in on a wallet origin, email, metrics, a real anvil upstream.
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { startAuthServer, type AuthTestServer } from '../auth/startAuthServer.js'

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; pattern?: string; maxLength?: number; minLength?: number; enum?: unknown[]; const?: unknown; anyOf?: Schema[]; minimum?: number; maximum?: number }
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }
type MediaTypes = Record<string, { schema?: Schema }>
type Operation = { summary?: string; parameters?: Parameter[]; requestBody?: { content: MediaTypes }; responses: Record<string, { description: string; content?: MediaTypes }> }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

const seed = Number(process.env.PORTICO_FUZZ_SEED ?? 51)
const runs = Number(process.env.PORTICO_FUZZ_RUNS ?? 12)
const metricsToken = 'fuzz-metrics-token-0123456789'

/** Values a real client sends for parameters of these names: the fuzzer mixes them in to reach past the first check. */
const known: Record<string, string[]> = {
  projectId: ['fuzz', 'demo', 'unknown-project'],
  chainId: ['eip155:31337', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93'],
  address: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x0000000000000000000000000000000000000000', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
  userAddress: ['eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  from: ['eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'],
  to: ['eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'],
  tokenAddress: ['eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'],
  contract: ['0x610178dA211FEF7D417bC0e6FeD39F05609AD788'],
  tokenId: ['1', '0', '115792089237316195423570985008687907853269984665640564039457584007913129639936'],
  name: ['alice.portico.id', 'alice', 'a'.repeat(300)],
  imageId: ['metamask', 'nope'],
  id: ['eip155', 'eip155:31337', 'USD', 'walletConnect'],
  symbol: ['ETH', 'usdc'],
  '*': ['blocks/tip/height', 'v2/info', 'cosmos/bank/v1beta1/balances/cosmos1abc', '../../etc/passwd'],
}

/** Strings a fuzzer tries everywhere. */
const hostile = fc.constantFrom('', ' ', '%', '%00', '\u0000', '../', '"', "'; DROP TABLE x; --", '<script>', '{}', '[]', 'null', '-1', '1e309', 'NaN', '💥', 'a'.repeat(5000), '__proto__', 'constructor')

function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]))
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((value) => value.slice(0, schema.maxLength ?? 256))
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 64, 64), unit: 'grapheme' })
}

/** A value that fits `schema` (as far as JSON Schema says), for a body. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.jsonValue({ maxDepth: 2 })
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueFor(option, depth + 1)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return stringFor(schema)
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 })
    case 'object': {
      const properties = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      return fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, name in known ? fc.oneof(fc.constantFrom(...known[name]!), valueFor(property, depth + 1)) : valueFor(property, depth + 1)])), {
        requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
      })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** A parameter's value: what clients send, what the schema allows, or a hostile string. */
function parameterValue(parameter: Parameter): fc.Arbitrary<string> {
  const options: fc.WeightedArbitrary<string>[] = [{ arbitrary: stringFor(parameter.schema), weight: 2 }, { arbitrary: hostile, weight: 1 }]
  if (known[parameter.name]) options.push({ arbitrary: fc.constantFrom(...known[parameter.name]!), weight: 3 })
  return fc.oneof(...options)
}

type FuzzRequest = { method: string; path: string; query: [string, string][]; body?: { type: string; text: string }; headers: Record<string, string> }

function requestsFor(path: string, method: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? []
  const pathParameters = parameters.filter((p) => p.in === 'path')
  const queryParameters = parameters.filter((p) => p.in === 'query')
  const content = operation.requestBody?.content ?? {}
  const bodyTypes = Object.keys(content)
  const bodies: fc.Arbitrary<{ type: string; text: string } | undefined> =
    bodyTypes.length === 0
      ? fc.constant(undefined)
      : fc.oneof(
          { arbitrary: fc.constantFrom(...bodyTypes).chain((type) => valueFor(content[type]?.schema).map((value) => ({ type: type === '*/*' ? 'application/json' : type, text: typeof value === 'string' && !type.includes('json') ? value : JSON.stringify(value) }))), weight: 4 },
          { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ type: 'application/json', text: JSON.stringify(value) })), weight: 1 },
          { arbitrary: fc.constantFrom('{', '{"a":', '[]', '', 'null', '{"__proto__":{"x":1}}', '[' .repeat(2000)).map((text) => ({ type: 'application/json', text })), weight: 1 },
        )
  return fc.record({
    pathValues: fc.tuple(...pathParameters.map(parameterValue)),
    query: fc.tuple(...queryParameters.map((parameter) => (parameter.required ? fc.oneof({ arbitrary: parameterValue(parameter).map((v) => [v]), weight: 5 }, { arbitrary: fc.constant([]), weight: 1 }) : fc.oneof(fc.constant([] as string[]), parameterValue(parameter).map((v) => [v]), fc.tuple(parameterValue(parameter), parameterValue(parameter)).map(([a, b]) => [a, b]))))),
    body: bodies,
    withOrigin: fc.constantFrom<string | undefined>(undefined, 'https://shop.example.com', 'https://evil.example'),
  }).map(({ pathValues, query, body, withOrigin }) => {
    let filled = path
    pathParameters.forEach((parameter, index) => {
      const value = pathValues[index] as string
      filled = filled.replace(`{${parameter.name}}`, parameter.name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value))
    })
    const pairs = queryParameters.flatMap((parameter, index) => (query[index] as string[]).map((value) => [parameter.name, value] as [string, string]))
    const headers: Record<string, string> = withOrigin ? { origin: withOrigin } : {}
    return { method: method.toUpperCase(), path: filled, query: pairs, ...(body ? { body } : {}), headers }
  })
}

describe('the OpenAPI document and the routes fuzzed from it', () => {
  let anvil: Anvil
  let auth: AuthTestServer
  let document: Document
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    auth = await startAuthServer({
      server: {
        chains: [{ caipNetworkId: 'eip155:31337', name: 'anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
        projects: { fuzz: { allowedOrigins: ['*'] }, demo: { allowedOrigins: ['https://shop.example.com'] } },
        metrics: { token: metricsToken },
        requestRateLimit: { max: 1_000_000, windowMs: 60_000 },
        analyticsRateLimit: { max: 1_000_000, windowMs: 60_000 },
        rpcRateLimit: { perIp: 1_000_000, perProject: 1_000_000, windowMs: 60_000 },
      },
    })
    document = (await (await fetch(`${auth.server.url}/openapi.json`)).json()) as Document
  })
  afterAll(async () => {
    await auth?.dispose()
    await anvil?.stop()
  })

  it('is OpenAPI 3.1 and covers every route, each with a summary and its own answers', () => {
    expect(document.openapi).toBe('3.1.0')
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
    // The routes of every part: the sign-in routes, the metrics, the proxies, the RPC proxy.
    const paths = new Set(operations.map((entry) => entry.path))
    for (const path of ['/v1/', '/getWallets', '/auth/v1/me', '/metrics', '/readyz', '/openapi.json', '/v1/email-capture', '/v1/esplora/{projectId}/{chainId}/api/{*}']) expect(paths).toContain(path)
    // A route registered without a schema shows up with only @fastify/swagger's default answer.
    const withoutSchema = operations.filter(({ operation }) => !operation.summary || Object.values(operation.responses).every((response) => response.description === 'Default Response'))
    expect(withoutSchema.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([])
    // Every path parameter is described.
    for (const { path, operation } of operations) {
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort()
      expect((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort(), path).toEqual(named)
    }
  })

  it('answers every generated request with no 5xx and nothing outside the document', async () => {
    const started = performance.now()
    const failures: string[] = []
    let sent = 0
    const validators = new Map<Schema, ReturnType<typeof ajv.compile>>()
    const validate = (schema: Schema) => {
      let compiled = validators.get(schema)
      if (!compiled) validators.set(schema, (compiled = ajv.compile(schema)))
      return compiled
    }
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const base = path.startsWith('/auth/v1/') ? auth.walletOrigin : auth.server.url
        const cases = fc.sample(requestsFor(path, method, operation), { numRuns: runs, seed })
        for (const request of cases) {
          const url = `${base}${request.path}${request.query.length ? `?${new URLSearchParams(request.query).toString()}` : ''}`
          const headers: Record<string, string> = { ...request.headers }
          if (request.body) headers['content-type'] = request.body.type
          if (path === '/metrics') headers.authorization = `Bearer ${metricsToken}`
          const response = await fetch(url, { method: request.method, headers, redirect: 'manual', ...(request.body ? { body: request.body.text } : {}) })
          const text = await response.text()
          sent += 1
          const where = `${request.method} ${url.slice(0, 300)}${request.body ? ` body ${request.body.text.slice(0, 200)}` : ''} → ${response.status} ${text.slice(0, 200)}`
          if (response.status >= 500 && response.status !== 503) {
            failures.push(`5xx: ${where}`)
            continue
          }
          // 503 only where the document says the route may answer it (never while everything is up).
          const declared = operation.responses[String(response.status)] ?? operation.responses.default
          if (!declared || (response.status === 503 && !operation.responses['503'])) {
            failures.push(`undeclared status: ${where}`)
            continue
          }
          if (response.status === 503) {
            failures.push(`5xx: ${where}`)
            continue
          }
          if (text === '' || !declared.content) continue
          const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
          const media = declared.content[type] ?? declared.content['*/*']
          if (!media) {
            failures.push(`undeclared content type ${type}: ${where}`)
            continue
          }
          if (type === 'application/json' && media.schema) {
            let body: unknown
            try {
              body = JSON.parse(text)
            } catch {
              failures.push(`not JSON: ${where}`)
              continue
            }
            const check = validate(media.schema)
            if (!check(body)) failures.push(`outside its schema (${ajv.errorsText(check.errors)}): ${where}`)
          }
        }
      }
    }
    const seconds = (performance.now() - started) / 1000
    console.log(`openapi fuzz: ${sent} requests over ${Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0)} operations in ${seconds.toFixed(1)} s (seed ${seed}, ${runs} per operation)`)
    expect(failures.slice(0, 30)).toEqual([])
  }, 300_000)
})
