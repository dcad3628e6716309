import { ProviderRpcError } from '../../../kernel/kernel.js'

const iconPattern = /^data:image\/(?:svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/=]+$/
const maxIconLength = 200_000

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A wallet-supplied name without control or bidi-override characters, at most 64 characters. */
export function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const name = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64)
  return name.length ? name : undefined
}

/** A wallet-supplied icon when it is a `data:image/…;base64` URL of reasonable size. */
export function cleanIcon(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= maxIconLength && iconPattern.test(value) ? value : undefined
}

/** A wallet's refusal as a ProviderRpcError keeping its numeric code (4001: the visitor said no). */
export function walletError(error: unknown): ProviderRpcError {
  const code = isRecord(error) && typeof error.code === 'number' && Number.isInteger(error.code) ? error.code : -32603
  const raw = isRecord(error) && typeof error.message === 'string' ? error.message : error instanceof Error ? error.message : 'The wallet failed'
  return new ProviderRpcError({ code, message: raw.slice(0, 300) })
}
