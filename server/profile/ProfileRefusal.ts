import { HttpError } from '../errors/HttpError.js'

/** Why a name request was refused, as `reasons[]` of the answer (the incumbent's `{ name, description }`). */
export type ProfileRefusalReason =
  | 'InvalidName'
  | 'InvalidMessage'
  | 'StaleMessage'
  | 'UnsupportedNetwork'
  | 'InvalidSignature'
  | 'ReplayedMessage'
  | 'NameTaken'
  | 'AddressHasName'
  | 'NotOwner'
  | 'NotFound'

/**
 * A refused `/v1/profile/*` request: an HTTP error whose JSON also carries `status: 'error'` and
 * `reasons: [{ name, description }]`, the shape the incumbent's clients read.
 *
 * @example
 * throw new ProfileRefusal(409, 'NameTaken', 'alice.portico.id is already registered')
 */
export class ProfileRefusal extends HttpError {
  reason: ProfileRefusalReason
  constructor(status: number, reason: ProfileRefusalReason, message: string) {
    super({ status, code: reason === 'NotFound' ? 'NOT_FOUND' : 'NAME_REFUSED', message })
    this.reason = reason
  }
}
