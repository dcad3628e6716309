import '../helpers/siwxLoaded.js'
import { createPublicClient, erc20Abi, http, parseUnits, verifyMessage, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaipAddress } from '../../kernel/kernel.js'
import { defineNetwork, eip155, mainnet, type Eip155Signer } from '../../plugins/eip155/index.js'
import { siwx } from '../../plugins/siwx/index.js'
import { deployPorticoUsd } from '../../sandbox/devnets/deployPorticoUsd.js'
import { startAnvil, type Anvil } from '../../sandbox/devnets/startAnvil.js'
import { pageWithDevWallet } from '../plugins/eip155/helpers/setupDevWallet.js'
import { checkImportSideEffects, runChainPluginConformance } from './index.js'

let anvil: Anvil
let token: Address

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  ;({ address: token } = await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 }))
})
afterAll(async () => {
  await anvil?.stop()
})

describe('portico/testing on the eip155 plugin', () => {
  it('passes the whole chain-plugin suite against the Portico Dev Wallet on anvil', async () => {
    const network = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvil.rpcUrl] })
    const page = pageWithDevWallet({ chains: [{ chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const report = await runChainPluginConformance({
      plugin: () => eip155({}, { window: page.target }),
      networks: [network, mainnet],
      target: page.target,
      // Sign-in with Ethereum: the verifier of eip155 signatures is built into siwx().
      withPlugins: () => [siwx({ domain: 'example.com', required: false })],
      wallet: {
        connectorId: 'dev.portico.wallet',
        setMode: page.wallet.control.setMode,
        requestCount: () => page.wallet.control.activity().filter((a) => a.outcome !== 'answered').length,
      },
      chain: {
        network,
        freshAddress: () => privateKeyToAccount(generatePrivateKey()).address,
        readBalance: (address) => client.getBalance({ address: address as Address }),
        sendAmount: '0.25',
        token: {
          address: `eip155:31337:${token}` as CaipAddress,
          decimals: 6,
          amount: '3',
          readBalance: (address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] }),
        },
        invalidAddresses: ['0x123', `0x${'g'.repeat(40)}`, 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'],
        verifySignature: ({ message, signature, address }) => verifyMessage({ address: address as Address, message, signature: signature as `0x${string}` }),
        // The site's own transaction (issue 47): a pUSD transfer written through viem's WalletClient, read back from anvil.
        async signer({ signer, address }) {
          const wallet = await (signer as Eip155Signer).getWalletClient()
          if (wallet.account.address !== address || wallet.chain.id !== 31337) throw new Error(`the WalletClient is for ${wallet.account.address} on ${wallet.chain.id}`)
          const readPusd = (owner: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
          const to = privateKeyToAccount(generatePrivateKey()).address
          const before = await readPusd(address as Address)
          const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('2.5', 6)] })
          const receipt = await client.waitForTransactionReceipt({ hash })
          if (receipt.status !== 'success') throw new Error(`the transfer ${hash} ${receipt.status}`)
          const [sent, received] = [before - (await readPusd(address as Address)), await readPusd(to)]
          if (sent !== 2_500_000n || received !== 2_500_000n) throw new Error(`pUSD moved: ${sent} sent, ${received} received; expected 2500000 each`)
          return hash
        },
      },
    })
    expect(report.issues).toEqual([])
    expect(report.checks.filter((c) => c.ok).length).toBe(report.checks.length)
    // The signer's steps ran: both methods refused while nothing was connected, and the transfer was mined.
    expect(report.checks.find((c) => c.name.startsWith('signer: one per namespace'))?.detail).toBe('request, getWalletClient')
    expect(report.checks.find((c) => c.name.startsWith("signer: a site's own transaction"))?.detail).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('importing portico/eip155 touches no window, document or network; it runs without code generation', async () => {
    const report = await checkImportSideEffects({
      module: new URL('../../plugins/eip155/index.ts', import.meta.url).href,
      factory: 'eip155',
      kernel: new URL('../../kernel/index.ts', import.meta.url).href,
      networks: [mainnet],
      nodeArgs: ['--import', 'tsx'],
      cwd: new URL('../..', import.meta.url).pathname,
    })
    expect(report.issues).toEqual([])
  })
})
