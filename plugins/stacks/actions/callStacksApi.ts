import { type Network } from '../../../kernel/kernel.js'
import { callJsonApi, type CallJsonApiParameters } from '../../../chain-kit/index.js'
import { StacksApiRequestError, StacksNetworkError } from '../errors.js'

export type CallStacksApiParameters = Pick<CallJsonApiParameters, 'body' | 'fetch' | 'allow' | 'timeoutMs'> & {
  network: Network
  /** A path of the node API or blockchain API, e.g. `/v2/accounts/SP…?proof=0`. */
  path: string
}

/**
 * Calls the network's Stacks API (its first `rpcUrls.default.http` URL) and returns the JSON body.
 *
 * @returns the parsed body, or undefined for an allowed status
 * @throws StacksApiRequestError on HTTP errors, timeouts and non-JSON answers
 * @example
 * await callStacksApi({ network, path: `/v2/accounts/${address}?proof=0` })
 */
export async function callStacksApi<T>({ network, path, ...request }: CallStacksApiParameters): Promise<T | undefined> {
  const baseUrl = network.rpcUrls.default.http[0]
  if (!baseUrl) throw new StacksNetworkError(`${network.name} has no Stacks API URL`)
  return callJsonApi<T>({
    ...request,
    baseUrl,
    path,
    // The node API says `{ error, reason }`, the blockchain API `{ message }`.
    errorMessage: (json) => {
      const error = json as { error?: unknown; reason?: unknown; message?: unknown } | null
      return [error?.error, error?.reason, error?.message].filter((part) => typeof part === 'string').join(': ') || undefined
    },
    toError: (failure) => new StacksApiRequestError(failure),
  })
}
