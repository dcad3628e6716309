import { bitcoinSandboxChainDefinition } from '../bitcoin/bitcoinSandboxChainDefinition.js'
import { sandboxEvmChains } from '../config.js'
import { cosmosSandboxChainDefinition } from '../cosmos/cosmosSandboxChainDefinition.js'
import { evmSandboxChain } from '../devnets/evmSandboxChain.js'
import { polkadotSandboxChainDefinition } from '../polkadot/polkadotSandboxChainDefinition.js'
import { solanaSandboxChainDefinition } from '../solana/solanaSandboxChainDefinition.js'
import { stacksSandboxChainDefinition } from '../stacks/stacksSandboxChainDefinition.js'
import { suiSandboxChainDefinition } from '../sui/suiSandboxChainDefinition.js'
import type { SandboxChainDefinition } from './SandboxChain.js'

/**
 * Every chain `npm start` runs, in port order (`PORT+1`, `PORT+2`, …). A new namespace's sandbox
 * chain is its folder under `sandbox/`, one line here and its port in `config.ts`'s `sandboxPorts`.
 */
export const sandboxChains: readonly SandboxChainDefinition[] = [
  ...sandboxEvmChains.map(evmSandboxChain),
  solanaSandboxChainDefinition,
  bitcoinSandboxChainDefinition,
  cosmosSandboxChainDefinition,
  polkadotSandboxChainDefinition,
  suiSandboxChainDefinition,
  stacksSandboxChainDefinition,
]
