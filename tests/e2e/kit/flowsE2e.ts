// The visitor flows beyond the chains (tests/e2e/{account,siwx,names,onramp,swap,phone}, issue 49):
// the page's parts, Devnet A's truth and the steps those files each wrote again, written once.
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, getAddress, http, type Address } from 'viem'
import { expect } from 'vitest'
import { dialog, header } from '../../helpers/pageRegions.js'

export { dialog, header }

/** Waits until the modal shows `view` (usable in hooks, where expect.poll is not). */
export const waitForView = (page: Page, view: string) => page.locator(`[role="dialog"][data-view="${view}"]`).waitFor({ timeout: 20_000 })

export { android, iPhone } from '../../helpers/phones.js'

type FlowsSandboxInfo = {
  accounts: string[]
  solanaAccount: string
  chains: { caipNetworkId: string; nodeUrl: string; tokens: { address: string; symbol: string; decimals: number }[]; amm?: { router: Address; weth: Address } }[]
}

/**
 * Devnet A (eip155:31337) as the sandbox's `/sandbox.json` describes it, the source of truth of the
 * flows: a viem client on its node (cacheTime 0: viem would otherwise reuse a block number for 4 s
 * and miss the newest block), a token's address by symbol and its `balanceOf`.
 */
export async function devnetA(sandboxUrl: string) {
  const info = (await (await fetch(`${sandboxUrl}/sandbox.json`)).json()) as FlowsSandboxInfo
  const chain = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')
  if (!chain) throw new Error('The sandbox has no eip155:31337 chain')
  const rpc = createPublicClient({ transport: http(chain.nodeUrl), cacheTime: 0 })
  const token = (symbol: string): Address => {
    const found = chain.tokens.find((t) => t.symbol === symbol)
    if (!found) throw new Error(`The sandbox's Devnet A has no ${symbol}`)
    return getAddress(found.address)
  }
  const balanceOf = (address: Address, owner: Address) => rpc.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  return { info, chain, rpc, token, balanceOf }
}

/** Opens `url` and connects the Portico Dev Wallet through the modal; waits for the header to show `shown`. */
export async function connectDevWallet(page: Page, url: string, shown: string | RegExp = '0xf39F…2266'): Promise<void> {
  await page.goto(url)
  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
  await expect.poll(() => header(page).textContent(), { timeout: 20_000 }).toMatch(shown)
}

/** Opens the Account view from the header's account button (`account`), unless a dialog is open. */
export async function openAccount(page: Page, account: string | RegExp = /0xf39F…2266/): Promise<void> {
  if ((await dialog(page).count()) === 0) await header(page).getByRole('button', { name: account }).click()
  await waitForView(page, 'Account')
}
