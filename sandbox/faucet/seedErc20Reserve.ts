import { type Address, encodeAbiParameters, erc20Abi, keccak256, numberToHex, pad, createPublicClient, http } from 'viem'

import { jsonRpcCall } from '../chains/SandboxChain.js'

/** The storage slots of OpenZeppelin 4.x's ERC20: `_balances` (0) and `_totalSupply` (2). */
const balancesSlot = 0n
const totalSupplySlot = 2n

/**
 * Gives the faucet key a reserve of an OpenZeppelin 4.x ERC-20 (pUSD's whole supply sits with the
 * dev accounts, which tests count, so the faucet's reserve is written with `anvil_setStorageAt`,
 * `totalSupply` raised by the same amount) and checks it through `balanceOf`. Payments out of the
 * reserve are then ordinary `transfer` transactions.
 *
 * @param parameters the anvil, the token, the holder and the reserve (base units)
 * @throws Error when `balanceOf` does not read the reserve back (another storage layout)
 * @example
 * await seedErc20Reserve({ rpcUrl, token: pUsd, holder: faucet.address, amount: 10n ** 18n })
 */
export async function seedErc20Reserve({ rpcUrl, token, holder, amount }: { rpcUrl: string; token: Address; holder: Address; amount: bigint }): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const [before, supply] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' }),
  ])
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, balancesSlot]))
  await jsonRpcCall(rpcUrl, 'anvil_setStorageAt', [token, slot, pad(numberToHex(before + amount), { size: 32 })])
  await jsonRpcCall(rpcUrl, 'anvil_setStorageAt', [token, pad(numberToHex(totalSupplySlot), { size: 32 }), pad(numberToHex(supply + amount), { size: 32 })])
  const after = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
  if (after !== before + amount) throw new Error(`${token} does not keep balances where OpenZeppelin 4.x's ERC20 does; the faucet has no reserve of it`)
}
