import type { Network, PluginContext } from '../../../kernel/kernel.js'
import type { SmartAccountResult } from '../types.js'
import { callNode } from './callNode.js'

/**
 * Whether an account has code on the network (`eth_getCode` through the chain plugin's RPC
 * client, `callNode`): a smart account is deployed once it has; a counterfactual one
 * has none yet.
 *
 * @example
 * await readDeployed(portico, devnetA, smartAccount) // { deployed: false }
 */
export async function readDeployed(portico: PluginContext, network: Network, address: string): Promise<SmartAccountResult> {
  const code = await callNode(portico, network, 'eth_getCode', [address, 'latest'])
  return { deployed: typeof code === 'string' && code !== '0x' && code.length > 2 }
}
