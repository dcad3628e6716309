import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import { closest } from 'fastest-levenshtein'
import schema from '../config.schema.json' with { type: 'json' }

/** The JSON Schema of the configuration file (`server/config.schema.json`, shipped beside the server). */
export const configFileSchema = schema

const validate = new Ajv2020({ allErrors: true, strict: true, verbose: true }).compile(schema)

/** `/chains/0/tokens` → `chains[0].tokens`; the root → `the top level`. */
function readablePath(pointer: string): string {
  if (pointer === '') return 'the top level'
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`), '')
}

/**
 * Keeps, for each `oneOf` that failed, only the errors of the alternative the value most likely
 * meant: not one it fails by type or constant at its own level, and of those the one with the
 * fewest errors. Without this a mistyped key under a `oneOf` is reported once per alternative.
 */
function pickAlternatives(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors
  for (const oneOf of errors.filter((error) => error.keyword === 'oneOf')) {
    const prefix = `${oneOf.schemaPath}/`
    const branches = new Map<number, ErrorObject[]>()
    for (const error of kept) {
      if (!error.schemaPath.startsWith(prefix)) continue
      const index = Number(error.schemaPath.slice(prefix.length).split('/')[0])
      branches.set(index, [...(branches.get(index) ?? []), error])
    }
    const wrongKind = (list: ErrorObject[]) => list.some((error) => error.instancePath === oneOf.instancePath && (error.keyword === 'type' || error.keyword === 'const'))
    const ranked = [...branches.entries()].sort(([a, x], [b, y]) => Number(wrongKind(x)) - Number(wrongKind(y)) || x.length - y.length || a - b)
    const best = ranked[0]?.[0]
    kept = kept.filter((error) => {
      if (error === oneOf) return best === undefined
      if (!error.schemaPath.startsWith(prefix)) return true
      return Number(error.schemaPath.slice(prefix.length).split('/')[0]) === best
    })
  }
  return kept
}

function describe(error: ErrorObject): string {
  const where = readablePath(error.instancePath)
  if (error.keyword === 'additionalProperties') {
    const key = (error.params as { additionalProperty: string }).additionalProperty
    const valid = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {})
    const nearest = valid.length > 0 ? closest(key, valid) : undefined
    return `Unknown key "${key}" at ${where}${nearest ? `; did you mean "${nearest}"?` : ''}`
  }
  if (error.keyword === 'required') return `${where}: "${(error.params as { missingProperty: string }).missingProperty}" is required`
  if (error.keyword === 'enum') return `${where}: must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
  return `${where}: ${error.message ?? 'is not valid'}`
}

export type CheckConfigFileReturnType = { ok: true } | { ok: false; problems: string[] }

/**
 * Checks a parsed configuration file against {@link configFileSchema}: every key known (a
 * mistyped one is named with the nearest valid key), every value of its type and within bounds.
 *
 * @param value - the file's parsed JSON
 * @returns `{ ok: true }`, or the problems, one sentence each
 * @example
 * checkConfigFile({ dataDir: 'data', chians: [] })
 * // { ok: false, problems: ['Unknown key "chians" at the top level; did you mean "chains"?', 'the top level: "chains" is required'] }
 */
export function checkConfigFile(value: unknown): CheckConfigFileReturnType {
  if (validate(value)) return { ok: true }
  const problems = [...new Set(pickAlternatives(validate.errors ?? []).map(describe))]
  return { ok: false, problems }
}
