import { CosmosNetworkError, CosmosRestRequestError } from '../errors.js'
import { type Network } from '../../../kernel/kernel.js'
import { callJsonApi, type CallJsonApiParameters } from '../../../chain-kit/index.js'

export type CallCosmosRestParameters = Pick<CallJsonApiParameters, 'body' | 'fetch' | 'allow' | 'timeoutMs'> & {
  network: Network
  /** A REST gateway path, e.g. `/cosmos/bank/v1beta1/balances/cosmos1…`. */
  path: string
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
