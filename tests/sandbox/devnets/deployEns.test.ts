// ENS on a devnet as the sandbox deploys it (sandbox/devnets/deployEns.ts), read the way a site
// reads mainnet: viem's own ENS actions through the universal resolver against a real anvil.
// Forward (name → address), reverse (address → primary name, checked forward), the avatar and
// com.github text records, and the spoofed primary name of dev account 3 (a reverse record whose
// name points elsewhere) answering no name.
import { type Address, createPublicClient, http, namehash, parseAbi } from 'viem'
import { normalize } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sandboxEnsNames, sandboxEnsUniversalResolver } from '../../../sandbox/config.js'
import { deployEns, type DeployEnsReturnType, sandboxEnsSpoofAccount } from '../../../sandbox/devnets/deployEns.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { ContractDeployError } from '../../../sandbox/devnets/errors.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'

let anvil: Anvil
let ens: DeployEnsReturnType
let client: ReturnType<typeof createPublicClient>
const bob = devAddresses[1] as Address
const carol = devAddresses[2] as Address
const spoofer = devAddresses[sandboxEnsSpoofAccount] as Address

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  ens = await deployEns({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
})
afterAll(async () => {
  await anvil?.stop()
})

const at = () => ({ universalResolverAddress: ens.universalResolver })

describe('deployEns on anvil, read with viem', () => {
  it('deploys the universal resolver at the address the sandbox config pins, beside a registry, resolver and reverse registrar', async () => {
    expect(ens.universalResolver).toBe(sandboxEnsUniversalResolver)
    for (const address of [ens.registry, ens.resolver, ens.reverseRegistrar, ens.universalResolver]) expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
    // The registry is wired as ENS's: bob.eth's resolver is the public resolver, its owner bob.
    const registryAbi = parseAbi(['function resolver(bytes32 node) view returns (address)', 'function owner(bytes32 node) view returns (address)'])
    expect(await client.readContract({ address: ens.registry, abi: registryAbi, functionName: 'resolver', args: [namehash('bob.eth')] })).toBe(ens.resolver)
    expect(await client.readContract({ address: ens.registry, abi: registryAbi, functionName: 'owner', args: [namehash('bob.eth')] })).toBe(bob)
  })

  it('resolves names forward (name → address) through the universal resolver', async () => {
    expect(await client.getEnsAddress({ name: normalize('bob.eth'), ...at() })).toBe(bob)
    expect(await client.getEnsAddress({ name: normalize('Carol.ETH'), ...at() })).toBe(carol)
    expect(await client.getEnsAddress({ name: normalize('nobody.eth'), ...at() })).toBeNull()
    for (const entry of sandboxEnsNames) expect(await client.getEnsAddress({ name: entry.name, ...at() })).toBe(devAddresses[entry.account])
  })

  it('resolves addresses in reverse (address → primary name), checked forward', async () => {
    expect(await client.getEnsName({ address: bob, ...at() })).toBe('bob.eth')
    expect(await client.getEnsName({ address: carol, ...at() })).toBe('carol.eth')
    // Dev account 0 has no primary name.
    expect(await client.getEnsName({ address: devAddresses[0] as Address, ...at() })).toBeNull()
  })

  it('serves the avatar and com.github text records; getEnsAvatar gives the data URI', async () => {
    const avatar = await client.getEnsText({ name: 'bob.eth', key: 'avatar', ...at() })
    expect(avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from((avatar as string).split(',')[1] as string, 'base64').toString()
    expect(svg).toContain('fill="#2f6fdb"')
    expect(svg).toContain('>B</text>')
    expect(await client.getEnsAvatar({ name: 'bob.eth', ...at() })).toBe(avatar)
    expect(await client.getEnsText({ name: 'carol.eth', key: 'com.github', ...at() })).toBe('carol')
    expect(await client.getEnsText({ name: 'bob.eth', key: 'url', ...at() })).toBeNull()
  })

  it('gives dev account 3 no name: its reverse record says bob.eth, whose address is not its own', async () => {
    // The spoof is really there: the reverse record exists and names bob.eth …
    const reverseNode = namehash(`${spoofer.slice(2).toLowerCase()}.addr.reverse`)
    const resolverAbi = parseAbi(['function name(bytes32 node) view returns (string)'])
    expect(await client.readContract({ address: ens.resolver, abi: resolverAbi, functionName: 'name', args: [reverseNode] })).toBe('bob.eth')
    // … but the forward check refuses it.
    expect(await client.getEnsName({ address: spoofer, ...at() })).toBeNull()
  })

  it('refuses to deploy to a node that does not answer, with a ContractDeployError', async () => {
    await expect(deployEns({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337 })).rejects.toBeInstanceOf(ContractDeployError)
  })
})
