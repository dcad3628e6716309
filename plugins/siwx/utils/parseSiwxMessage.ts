import { SiwxMessageError } from '../errors.js'
import type { SiwxMessageData } from '../types.js'
import { createSiwxMessage } from './createSiwxMessage.js'

/** A parsed message: its fields, the account line's label and the chain id as written (the reference). */
export type ParsedSiwxMessage = Omit<SiwxMessageData, 'chainId'> & { label: string; chainReference: string }

export type ParseSiwxMessageParameters = { message: string; maxLength?: number }
export type ParseSiwxMessageReturnType = ParsedSiwxMessage
export type ParseSiwxMessageErrorType = SiwxMessageError

const header = /^([^\s/?#@]{1,253}) wants you to sign in with your ([^\n]{1,100}) account:$/

/**
 * Reads a CAIP-122 sign-in message (EIP-4361 text for eip155) strictly: every line in its place,
 * nothing before or after, and the text must be exactly what `createSiwxMessage` renders from the
 * fields read, so two different texts never read as the same message.
 *
 * @param parameters - `message`, and `maxLength` (default 8192 characters)
 * @returns the fields, the label and the chain reference (namespace-free, e.g. `1`)
 * @throws SiwxMessageError with the reason
 * @example
 * parseSiwxMessage({ message }).nonce
 */
export function parseSiwxMessage({ message, maxLength = 8192 }: ParseSiwxMessageParameters): ParseSiwxMessageReturnType {
  const fail = (reason: string): never => {
    throw new SiwxMessageError({ reason })
  }
  if (typeof message !== 'string') fail('the message must be a string')
  if (message.length > maxLength) fail(`longer than ${maxLength} characters`)
  if (message.includes('\r')) fail('carriage returns are not allowed (lines end with \\n)')
  const lines = message.split('\n')
  let i = 0
  const next = () => lines[i++]
  const first = header.exec(next() ?? '')
  if (!first) fail('the first line must be "<domain> wants you to sign in with your <network> account:"')
  const [, domain, label] = first as unknown as [string, string, string]
  const accountAddress = next()
  if (!accountAddress || /\s/.test(accountAddress)) fail('the second line must be the account address')
  if (next() !== '') fail('a blank line must follow the address')
  let statement: string | undefined
  const third = next()
  if (third === undefined) fail('the message ends after the address')
  if (third !== '') {
    statement = third
    if (next() !== '') fail('a blank line must follow the statement')
  }
  const field = (name: string, optional = false): string | undefined => {
    const line = lines[i]
    const prefix = `${name}: `
    if (line !== undefined && line.startsWith(prefix)) {
      i++
      return line.slice(prefix.length)
    }
    if (!optional) fail(`the line "${name}: …" is missing or out of order`)
    return undefined
  }
  const uri = field('URI') as string
  const version = field('Version') as string
  if (version !== '1') fail('Version must be 1')
  const chainReference = field('Chain ID') as string
  if (!/^[-_a-zA-Z0-9]{1,32}$/.test(chainReference)) fail('Chain ID must be a chain reference such as 1')
  const nonce = field('Nonce') as string
  const issuedAt = field('Issued At') as string
  const expirationTime = field('Expiration Time', true)
  const notBefore = field('Not Before', true)
  const requestId = field('Request ID', true)
  let resources: string[] | undefined
  if (lines[i] === 'Resources:') {
    i++
    resources = []
    while (i < lines.length && (lines[i] as string).startsWith('- ')) resources.push((lines[i++] as string).slice(2))
    if (resources.length === 0) fail('"Resources:" must be followed by "- <uri>" lines')
  }
  if (i !== lines.length) fail(`unexpected text on line ${i + 1}`)

  const parsed: ParsedSiwxMessage = {
    domain,
    accountAddress: accountAddress as string,
    uri,
    version: '1',
    nonce,
    issuedAt,
    label,
    chainReference,
    ...(statement !== undefined ? { statement } : {}),
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
  // The fields must also be valid, and render back to exactly this text.
  const { label: _label, chainReference: _reference, ...fields } = parsed
  const rendered = createSiwxMessage({ label, data: { ...fields, chainId: `siwx:${chainReference}` } })
  if (rendered !== message) fail('the text is not in canonical form')
  return parsed
}
