import { isEmailAddress } from '../../../../kernel/index.js'
import { invalidParams } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'

/** The request's params as an object, or INVALID_PARAMS naming what `method` expects. */
export function paramsOf(method: string, params: unknown, expected: string): Record<string, unknown> {
  if (!isRecord(params)) throw invalidParams(`${method} expects ${expected}`)
  return params
}

/** An email address as a login form accepts it (trimmed; the kernel's one email rule). */
export function emailOf(method: string, params: unknown): string {
  const { email } = paramsOf(method, params, '{ email }')
  const value = typeof email === 'string' ? email.trim() : ''
  if (!isEmailAddress(value)) throw invalidParams(`${method} expects { email } with a valid email address`)
  return value
}

/** A 6-digit one-time code (spaces and dashes the visitor typed are dropped). */
export function codeOf(method: string, params: unknown): string {
  const { code } = paramsOf(method, params, '{ code }')
  const value = typeof code === 'string' ? code.replace(/[\s-]/g, '') : ''
  if (!/^[0-9]{6}$/.test(value)) throw invalidParams(`${method} expects { code } with the 6 digits of the email`)
  return value
}
