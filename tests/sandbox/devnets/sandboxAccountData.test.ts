import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, defineChain, erc721Abi, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { sandboxSolanaChain } from '../../../sandbox/config.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { startSandbox, type StartSandboxReturnType } from '../../../sandbox/startSandbox.js'
import { pickSandboxPort } from '../../helpers/pickSandboxPort.js'

type Info = Omit<SandboxInfo, 'chains'> & { chains: (SandboxInfo['chains'][number] & { nfts: { address: `0x${string}`; name: string; symbol: string; tokenIds: string[] }[] })[] }

let sandbox: StartSandboxReturnType
let info: Info
let dataDir: string
const dev0 = devAddresses[0] as string

const getJson = async (path: string) => {
  // As the modal does, every call names the sandbox's project.
  const response = await fetch(`${sandbox.url}${path}${path.includes('?') ? '&' : '?'}projectId=demo`)
  return { status: response.status, body: (await response.json()) as any }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portico-sandbox-data-'))
  sandbox = await startSandbox({ port: await pickSandboxPort(), dataDir })
  info = (await getJson('/sandbox.json')).body
})
afterAll(async () => {
  await sandbox?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the sandbox answers account data for its devnets', () => {
  it('prices ETH and pUSD on both devnets, and SOL and the pUSD mint on Solana', async () => {
    for (const chainId of ['eip155:31337', 'eip155:31338']) {
      const { status, body } = await getJson(`/v1/account/${dev0}/balance?currency=usd&chainId=${chainId}`)
      expect(status).toBe(200)
      const [eth, pUsd] = body.balances
      expect(eth).toMatchObject({ symbol: 'ETH', price: 3000, quantity: { decimals: '18' } })
      expect(pUsd).toMatchObject({ symbol: 'pUSD', price: 1, value: 1_000_000, quantity: { decimals: '6', numeric: '1000000' }, address: `${chainId}:0x5FbDB2315678afecb367f032d93F642f64180aa3` })
    }
    const solana = info.chains.find((c) => c.caipNetworkId === sandboxSolanaChain.caipNetworkId)!
    const { body } = await getJson(`/v1/account/${info.solanaAccount}/balance?currency=usd&chainId=${solana.caipNetworkId}`)
    expect(body.balances.map((b: any) => [b.symbol, b.price])).toEqual([['SOL', 150], ['pUSD', 1]])
    expect(body.balances[1]).toMatchObject({ address: `${solana.caipNetworkId}:${solana.tokens[0]!.address}`, quantity: { numeric: '1000000' } })
    // The token icons are served, the same bytes every time.
    for (const symbol of ['ETH', 'pUSD', 'SOL']) {
      const a = await fetch(`${sandbox.url}/public/getTokenImage/${symbol}`)
      expect(a.status).toBe(200)
      expect(await a.text()).toBe(await (await fetch(`${sandbox.url}/public/getTokenImage/${symbol}`)).text())
    }
  })

  it('lists the Portico Pioneers of dev account 0 with images, and tokenURI points at metadata the server serves', async () => {
    const devnetA = info.chains.find((c) => c.caipNetworkId === 'eip155:31337')!
    const collection = devnetA.nfts[0]!
    expect(collection).toEqual({ address: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788', name: 'Portico Pioneers', symbol: 'PPNR', tokenIds: ['1', '2', '3'] })
    const deadline = Date.now() + 5_000
    let nfts: any[] = []
    while (nfts.length < 3 && Date.now() < deadline) {
      nfts = (await getJson(`/v1/account/${dev0}/nfts?chainId=eip155:31337`)).body.data
      if (nfts.length < 3) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(nfts.map((n) => [n.name, n.collection.symbol])).toEqual([1, 2, 3].map((i) => [`Portico Pioneers #${i}`, 'PPNR']))
    for (const nft of nfts) {
      const image = await fetch(nft.imageUrl)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    }
    const publicClient = createPublicClient({ transport: http(devnetA.nodeUrl) })
    const uri = await publicClient.readContract({ address: collection.address, abi: erc721Abi, functionName: 'tokenURI', args: [1n] })
    expect(uri.startsWith(`${sandbox.url}/`)).toBe(true)
    const metadata = (await (await fetch(uri)).json()) as { name: string; image: string }
    expect(metadata.name).toBe('Portico Pioneers #1')
    expect((await fetch(metadata.image)).status).toBe(200)
  })

  it('shows a transfer in the history within 5 s of mining', async () => {
    const devnetB = info.chains.find((c) => c.caipNetworkId === 'eip155:31338')!
    const chain = defineChain({ id: 31338, name: 'B', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [devnetB.nodeUrl] } } })
    const wallet = createWalletClient({ account: devAccount(0), chain, transport: http(devnetB.nodeUrl) })
    const publicClient = createPublicClient({ chain, transport: http(devnetB.nodeUrl), pollingInterval: 25 })
    const to = '0x6000000000000000000000000000000000000006'
    const hash = await wallet.sendTransaction({ to, value: parseEther('0.25') })
    await publicClient.waitForTransactionReceipt({ hash })
    const minedAt = Date.now()
    for (;;) {
      const { body } = await getJson(`/v1/account/${to}/history?chainId=eip155:31338&cursor=`)
      if (body.data[0]?.id === hash) {
        expect(body.data[0].transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.25' }, value: 750 })
        break
      }
      expect(Date.now() - minedAt).toBeLessThan(5_000)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })

  it('forgets the previous devnets when started again with the same data directory', async () => {
    const to = '0x6000000000000000000000000000000000000006'
    expect((await getJson(`/v1/account/${to}/history?chainId=eip155:31338`)).body.data).toHaveLength(1)
    const port = sandbox.port
    await sandbox.stop()
    sandbox = await startSandbox({ port, dataDir })
    // The new anvils are new chains: the old transfer is gone, and the NFTs are the new ones.
    const deadline = Date.now() + 5_000
    for (;;) {
      const history = (await getJson(`/v1/account/${to}/history?chainId=eip155:31338`)).body.data
      const nfts = (await getJson(`/v1/account/${dev0}/nfts?chainId=eip155:31337`)).body.data
      if (history.length === 0 && nfts.length === 3) break
      expect(Date.now()).toBeLessThan(deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 90_000)
})
