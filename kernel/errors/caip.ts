import { BaseError } from './BaseError.js'

export type InvalidCaipAddressErrorType = InvalidCaipAddressError & { name: 'InvalidCaipAddressError' }
/** A CAIP-10 account id that is not `namespace:reference:address`. */
export class InvalidCaipAddressError extends BaseError {
  override name = 'InvalidCaipAddressError'
  override code = 'INVALID_CAIP_ADDRESS'
  constructor({ value, cause }: { value: unknown; cause?: unknown }) {
    super('Invalid CAIP-10 address', {
      cause,
      docsPath: '/kernel/errors.md#invalidcaipaddresserror',
      metaMessages: [`Received: ${describeValue(value)}`, 'Expected: namespace:reference:address, e.g. eip155:1:0xab16…'],
    })
  }
}

export type InvalidCaipNetworkIdErrorType = InvalidCaipNetworkIdError & { name: 'InvalidCaipNetworkIdError' }
/** A CAIP-2 chain id that is not `namespace:reference`. */
export class InvalidCaipNetworkIdError extends BaseError {
  override name = 'InvalidCaipNetworkIdError'
  override code = 'INVALID_CAIP_NETWORK_ID'
  constructor({ value, cause }: { value: unknown; cause?: unknown }) {
    super('Invalid CAIP-2 network id', {
      cause,
      docsPath: '/kernel/errors.md#invalidcaipnetworkiderror',
      metaMessages: [`Received: ${describeValue(value)}`, 'Expected: namespace:reference, e.g. eip155:1'],
    })
  }
}

/** Shows a hostile value safely: type, a 64-character preview, and the length when cut. */
export function describeValue(value: unknown): string {
  if (typeof value !== 'string') return `(${value === null ? 'null' : typeof value})`
  const printable = value.replace(/[^\x20-\x7e]/g, '?')
  return printable.length > 64 ? `"${printable.slice(0, 64)}…" (${value.length} characters)` : `"${printable}"`
}
