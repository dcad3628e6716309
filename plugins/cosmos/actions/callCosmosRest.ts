import { CosmosNetworkError, CosmosRestRequestError } from '../errors.js'
import { callJsonApi, type Network } from '../../../kernel/kernel.js'

export type CallCosmosRestParameters = {
  network: Network
  /** A REST gateway path, e.g. `/cosmos/bank/v1beta1/balances/cosmos1…`. */
  path: string
  /** A JSON body: the call is then a POST. */
  body?: unknown
  fetch?: typeof fetch
  /** Statuses answered as `undefined` instead of an error (e.g. 404 for an unknown account). */
  allow?: readonly number[]
  timeoutMs?: number
}

/**
 * Calls the network's REST gateway (its first `rpcUrls.default.http` URL) and returns the JSON body.
 *
 * @returns the parsed body, or undefined for an allowed status
 * @throws CosmosRestRequestError on HTTP errors, timeouts and non-JSON answers
 * @example
 * await callCosmosRest({ network, path: `/cosmos/auth/v1beta1/accounts/${address}`, allow: [404] })
 */
export async function callCosmosRest<T>({ network, path, ...request }: CallCosmosRestParameters): Promise<T | undefined> {
  const baseUrl = network.rpcUrls.default.http[0]
  if (!baseUrl) throw new CosmosNetworkError(`${network.name} has no REST URL`)
  return callJsonApi<T>({
    ...request,
    baseUrl,
    path,
    errorMessage: (json) => {
      const message = (json as { message?: unknown } | null)?.message
      return typeof message === 'string' ? message : undefined
    },
    toError: (failure) => new CosmosRestRequestError(failure),
  })
}
