import type { ChainNamespace } from '../types/caip.js'

export type AddressValidator = (address: string) => boolean

/** Address validators by namespace, filled by chain plugins. */
export class AddressValidatorRegistry {
  private readonly validators = new Map<ChainNamespace, AddressValidator>()

  register(namespace: ChainNamespace, validator: AddressValidator): void {
    this.validators.set(namespace, validator)
  }

  has(namespace: ChainNamespace): boolean {
    return this.validators.has(namespace)
  }

  /** Whether `address` is valid in `namespace`; false for unknown namespaces and non-strings. */
  isAddress(address: unknown, namespace: ChainNamespace): boolean {
    if (typeof address !== 'string' || address.length === 0 || address.length > 256) return false
    const validator = this.validators.get(namespace)
    if (!validator) return false
    try {
      return validator(address) === true
    } catch {
      return false
    }
  }
}
