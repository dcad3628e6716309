import { parseCaipNetworkId } from '../../../kernel/index.js'
import { SiwxMessageError } from '../errors.js'
import type { SiwxMessageData } from '../types.js'
import { isRfc3339 } from './isRfc3339.js'

export type CreateSiwxMessageParameters = {
  data: SiwxMessageData
  /** The account line's network label, from the namespace's verifier ("Ethereum" for eip155). */
  label: string
}
export type CreateSiwxMessageReturnType = string
export type CreateSiwxMessageErrorType = SiwxMessageError

function isUri(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048 || /\s/.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

function singleLine(value: unknown, max = 1000): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max && !/[\r\n\u2028\u2029]/.test(value)
}

/**
 * Renders a CAIP-122 sign-in message. For eip155 with the label "Ethereum" the text is exact
 * EIP-4361: numeric chain id, the statement between blank lines (two blank lines without one),
 * optional fields only when set, in the standard order.
 *
 * @param parameters - the message fields and the namespace's label
 * @returns the text the wallet signs
 * @throws SiwxMessageError when a field would break the format (line breaks, a short nonce, …)
 * @example
 * createSiwxMessage({ label: 'Ethereum', data: { domain: 'example.com', accountAddress: '0xf39F…2266',
 *   chainId: 'eip155:1', uri: 'https://example.com/', version: '1', nonce: 'k3Jd8s0aPq1Lm2Nb',
 *   issuedAt: '2026-01-01T00:00:00.000Z' } })
 */
export function createSiwxMessage({ data, label }: CreateSiwxMessageParameters): CreateSiwxMessageReturnType {
  const fail = (reason: string): never => {
    throw new SiwxMessageError({ reason })
  }
  if (!data || typeof data !== 'object') fail('the message data must be an object')
  if (!singleLine(label, 100)) fail('the network label must be one line of text')
  if (typeof data.domain !== 'string' || !/^[^\s/?#@]{1,253}$/.test(data.domain)) fail('the domain must be a host (and port), e.g. example.com')
  if (typeof data.accountAddress !== 'string' || !/^[^\s]{1,128}$/.test(data.accountAddress)) fail('the account address is missing or contains spaces')
  let reference = ''
  try {
    reference = parseCaipNetworkId(data.chainId).reference
  } catch (cause) {
    throw new SiwxMessageError({ reason: 'the chain id must be a CAIP-2 network id', cause })
  }
  if (!isUri(data.uri)) fail('the URI must be an absolute URI without spaces')
  if (data.version !== '1') fail('the version must be "1"')
  if (typeof data.nonce !== 'string' || !/^[A-Za-z0-9]{8,128}$/.test(data.nonce)) fail('the nonce must be 8 to 128 letters and digits')
  if (!isRfc3339(data.issuedAt)) fail('Issued At must be an RFC 3339 date-time')
  if (data.statement !== undefined && !singleLine(data.statement)) fail('the statement must be one line of text')
  if (data.expirationTime !== undefined && !isRfc3339(data.expirationTime)) fail('Expiration Time must be an RFC 3339 date-time')
  if (data.notBefore !== undefined && !isRfc3339(data.notBefore)) fail('Not Before must be an RFC 3339 date-time')
  if (data.requestId !== undefined && (typeof data.requestId !== 'string' || /[\r\n]/.test(data.requestId) || data.requestId.length > 200)) {
    fail('the request id must be one line of text')
  }
  if (data.resources !== undefined && (!Array.isArray(data.resources) || data.resources.length > 50 || !data.resources.every(isUri))) {
    fail('resources must be at most 50 absolute URIs')
  }

  const lines = [`${data.domain} wants you to sign in with your ${label} account:`, data.accountAddress, '']
  if (data.statement !== undefined) lines.push(data.statement, '')
  else lines.push('')
  lines.push(`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${reference}`, `Nonce: ${data.nonce}`, `Issued At: ${data.issuedAt}`)
  if (data.expirationTime !== undefined) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore !== undefined) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId !== undefined) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources !== undefined && data.resources.length > 0) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}
