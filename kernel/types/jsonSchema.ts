/** The JSON Schema subset plugin option schemas use (validated without code generation). */
export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null' | readonly ('object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null')[]
  description?: string
  default?: unknown
  enum?: readonly unknown[]
  properties?: Record<string, JsonSchema>
  required?: readonly string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  /** Accepts a function (JSON Schema has no such type; used for callbacks in options). */
  instanceof?: 'Function'
  deprecated?: boolean
  /** Example values (JSON Schema's `examples`); the docs generator builds a plugin with the first when its options have required members. */
  examples?: readonly unknown[]
}
