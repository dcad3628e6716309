/** The fields of a Sign In With Solana input (`SolanaSignInInput` of `@solana/wallet-standard-features`), all optional. */
export type SiwsFields = {
  domain: string
  address: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

/**
 * The Sign In With Solana message a wallet builds from a sign-in input, in the specification's
 * ABNF order (github.com/phantom/sign-in-with-solana): the header and address, the statement after
 * a blank line, then the advanced fields after another, each only when given.
 *
 * @example
 * createSiwsMessage({ domain: '127.0.0.1:4700', address: 'oeYf…kq96', nonce: 'k3Jd8s0aPq' })
 */
export function createSiwsMessage(fields: SiwsFields): string {
  let message = `${fields.domain} wants you to sign in with your Solana account:\n${fields.address}`
  if (fields.statement) message += `\n\n${fields.statement}`
  const advanced: string[] = []
  if (fields.uri) advanced.push(`URI: ${fields.uri}`)
  if (fields.version) advanced.push(`Version: ${fields.version}`)
  if (fields.chainId) advanced.push(`Chain ID: ${fields.chainId}`)
  if (fields.nonce) advanced.push(`Nonce: ${fields.nonce}`)
  if (fields.issuedAt) advanced.push(`Issued At: ${fields.issuedAt}`)
  if (fields.expirationTime) advanced.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) advanced.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId) advanced.push(`Request ID: ${fields.requestId}`)
  if (fields.resources?.length) advanced.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  if (advanced.length > 0) message += `\n\n${advanced.join('\n')}`
  return message
}

/**
 * Reads the domain and URI of a message that has the sign-in header (`<domain> wants you to sign
 * in with your Solana account:`), as a wallet does before it shows a sign-in prompt; undefined for
 * any other message.
 *
 * @example
 * readSiwsBinding('127.0.0.1:4700 wants you to sign in with your Solana account:\n…') // { domain: '127.0.0.1:4700', uri: undefined }
 */
export function readSiwsBinding(message: string): { domain: string; uri: string | undefined } | undefined {
  const lines = message.split('\n')
  const domain = /^(\S+) wants you to sign in with your Solana account:$/.exec(lines[0] ?? '')?.[1]
  if (!domain) return undefined
  const uri = lines.find((line) => line.startsWith('URI: '))?.slice(5)
  return { domain, uri }
}
