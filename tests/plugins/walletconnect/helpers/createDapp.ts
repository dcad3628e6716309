import '../../../helpers/walletConnectLoaded.js'
import '../../../helpers/eip155Loaded.js'
import { createPorticoKernel, type BaseError, type Network, type Portico, type StorageBackend } from '../../../../kernel/kernel.js'
import { eip155 } from '../../../../plugins/eip155/index.js'
import { walletConnect, type WalletConnectEnvironment, type WalletConnectOptions, type WalletConnectStore } from '../../../../plugins/walletconnect/index.js'
import { memoryStorage } from '../../../kernel/helpers/testKit.js'
import { memoryKeyValueStorage } from './memoryKeyValueStorage.js'

let counter = 0

export type Dapp = {
  portico: Portico
  store: WalletConnectStore
  storage: StorageBackend & { data: Map<string, string> }
  environment: WalletConnectEnvironment
  /** Every error the kernel's `error` hook saw. */
  errors: BaseError[]
}

/** A site with eip155 + walletConnect, the relay given, nothing injected, everything in memory. */
export function createDapp({
  relayUrl,
  networks,
  options = {},
  environment,
  storage = memoryStorage(),
}: {
  relayUrl: string
  networks: readonly Network[]
  options?: WalletConnectOptions
  environment?: WalletConnectEnvironment
  storage?: StorageBackend & { data: Map<string, string> }
}): Dapp {
  counter += 1
  const env: WalletConnectEnvironment = environment ?? { storage: memoryKeyValueStorage(), storagePrefix: `portico-test-dapp-${process.pid}-${counter}` }
  const portico = createPorticoKernel({
    projectId: 'portico-test',
    networks,
    plugins: [eip155({}, { window: null }), walletConnect({ relayUrl, ...options }, env)],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  const errors: BaseError[] = []
  portico.hooks.error.tap('test', ({ error }) => void errors.push(error))
  const store = portico.getStore<WalletConnectStore>('walletconnect')
  if (!store) throw new Error('the walletconnect store is missing')
  return { portico, store, storage, environment: env, errors }
}
