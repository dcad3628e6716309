import type { JsonSchema } from '../types/jsonSchema.js'

export type ValidateSchemaReturnType = string[]

/**
 * Validates a value against a JSON Schema subset by walking it (no code generation, so it is
 * safe under a strict CSP). Returns the list of problems, empty when valid.
 *
 * @example
 * validateSchema({ type: 'object', properties: { rpcUrl: { type: 'string' } } }, { rpcUrl: 1 })
 * // ['options.rpcUrl must be string']
 */
export function validateSchema(schema: JsonSchema, value: unknown, path = 'options'): ValidateSchemaReturnType {
  const issues: string[] = []
  walk(schema, value, path, issues, 0)
  return issues
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function matchesType(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer')
}

function walk(schema: JsonSchema, value: unknown, path: string, issues: string[], depth: number): void {
  if (depth > 32) {
    issues.push(`${path} is nested too deeply`)
    return
  }
  if (schema.instanceof === 'Function') {
    if (typeof value !== 'function') issues.push(`${path} must be a function`)
    return
  }
  if (schema.type !== undefined) {
    const types = (typeof schema.type === 'string' ? [schema.type] : schema.type) as readonly string[]
    const actual = typeOf(value)
    if (!types.some((t) => matchesType(t, actual))) {
      issues.push(`${path} must be ${types.join(' or ')}`)
      return
    }
  }
  if (schema.enum && !schema.enum.some((option) => Object.is(option, value))) {
    issues.push(`${path} must be one of ${schema.enum.map((o) => JSON.stringify(o)).join(', ')}`)
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) issues.push(`${path} must have at least ${schema.minLength} characters`)
    if (schema.maxLength !== undefined && value.length > schema.maxLength) issues.push(`${path} must have at most ${schema.maxLength} characters`)
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) issues.push(`${path} must match ${schema.pattern}`)
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) issues.push(`${path} must be ≥ ${schema.minimum}`)
    if (schema.maximum !== undefined && value > schema.maximum) issues.push(`${path} must be ≤ ${schema.maximum}`)
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) issues.push(`${path} must have at least ${schema.minItems} items`)
    if (schema.maxItems !== undefined && value.length > schema.maxItems) issues.push(`${path} must have at most ${schema.maxItems} items`)
    if (schema.items) value.forEach((item, i) => walk(schema.items as JsonSchema, item, `${path}[${i}]`, issues, depth + 1))
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>
    for (const key of schema.required ?? []) {
      if (!Object.prototype.hasOwnProperty.call(object, key) || object[key] === undefined) issues.push(`${path}.${key} is required`)
    }
    for (const key of Object.keys(object)) {
      if (object[key] === undefined) continue
      const propertySchema = schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, key) ? schema.properties[key] : undefined
      if (propertySchema) walk(propertySchema, object[key], `${path}.${key}`, issues, depth + 1)
      else if (schema.additionalProperties === false) issues.push(`${path}.${key} is not a known option`)
      else if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, object[key], `${path}.${key}`, issues, depth + 1)
    }
  }
}
