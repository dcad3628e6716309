import { createPublicClient, createWalletClient, defineChain, erc721Abi, getAddress, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileContract } from '../../../sandbox/devnets/compileContract.js'
import { deployPorticoPioneers } from '../../../sandbox/devnets/deployPorticoPioneers.js'
import { devAccount, devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { ContractDeployError, InvalidDevnetParameterError } from '../../../sandbox/devnets/errors.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'

let anvil: Anvil
const dev0 = devAddresses[0] as `0x${string}`
const dev3 = devAddresses[3] as `0x${string}`

function clients() {
  const chain = defineChain({
    id: anvil.chainId,
    name: 'test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  return {
    publicClient: createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 25 }),
    wallet: (index: number) => createWalletClient({ account: devAccount(index), chain, transport: http(anvil.rpcUrl) }),
  }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
})
afterAll(async () => {
  await anvil?.stop()
})

describe('deployPorticoPioneers', () => {
  it('deploys "Portico Pioneers" (PPNR) with tokens 1..3 owned by dev account 0 and tokenURIs on the server', async () => {
    const nft = await deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: 31337, metadataOrigin: 'http://127.0.0.1:4700/' })
    expect(nft).toEqual({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), name: 'Portico Pioneers', symbol: 'PPNR', tokenIds: ['1', '2', '3'], owner: dev0 })
    const { publicClient } = clients()
    const read = (functionName: 'name' | 'symbol') => publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName })
    expect(await read('name')).toBe('Portico Pioneers')
    expect(await read('symbol')).toBe('PPNR')
    expect(await publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'balanceOf', args: [dev0] })).toBe(3n)
    for (const id of [1n, 2n, 3n]) {
      expect(await publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [id] })).toBe(dev0)
    }
    expect(await publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'tokenURI', args: [2n] })).toBe(
      `http://127.0.0.1:4700/v1/nft/eip155:31337/${nft.address}/2`,
    )
    await expect(publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [4n] })).rejects.toThrow()
  })

  it('mints to another owner, and only the deployer may mint more', async () => {
    const nft = await deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: 31337, owner: dev3, count: 2 })
    const { publicClient, wallet } = clients()
    const { abi } = await compileContract('PorticoPioneers')
    expect(await publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'balanceOf', args: [dev3] })).toBe(2n)
    expect(await publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'tokenURI', args: [1n] })).toBe('')
    await expect(wallet(1).writeContract({ address: nft.address, abi, functionName: 'mint', args: [devAddresses[1]] })).rejects.toThrow(/not the owner/)
    const hash = await wallet(0).writeContract({ address: nft.address, abi, functionName: 'mint', args: [devAddresses[1]] })
    await publicClient.waitForTransactionReceipt({ hash })
    expect(await publicClient.readContract({ address: nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [3n] })).toBe(getAddress(devAddresses[1] as string))
  })

  it.each([
    ['no parameters', undefined],
    ['a non-http rpcUrl', { rpcUrl: 'ftp://127.0.0.1:1', chainId: 31337 }],
    ['a bad chainId', { rpcUrl: 'http://127.0.0.1:1', chainId: -1 }],
    ['a metadataOrigin with a path', { rpcUrl: 'http://127.0.0.1:1', chainId: 31337, metadataOrigin: 'http://127.0.0.1:4700/x' }],
    ['a javascript: metadataOrigin', { rpcUrl: 'http://127.0.0.1:1', chainId: 31337, metadataOrigin: 'javascript:alert(1)' }],
    ['a bad owner', { rpcUrl: 'http://127.0.0.1:1', chainId: 31337, owner: '0x123' }],
    ['too many tokens', { rpcUrl: 'http://127.0.0.1:1', chainId: 31337, count: 51 }],
  ])('refuses %s before touching a node', async (_label, parameters) => {
    await expect(deployPorticoPioneers(parameters as never)).rejects.toBeInstanceOf(InvalidDevnetParameterError)
  })

  it('refuses a node that reports another chain id', async () => {
    await expect(deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: 1 })).rejects.toThrow(ContractDeployError)
    await expect(deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: 1 })).rejects.toThrow(/reports chain id 31337, not 1/)
  })
})
