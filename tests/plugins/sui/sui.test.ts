// portico/sui's pure parts: exports, address rules against Sui's published vector and hostile input,
// amounts refused before anything is built, the sign-in verifier against signatures made outside
// the project (@mysten/sui keypairs, all three schemes), chain ids and coin-type encoding.
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Secp256k1Keypair } from '@mysten/sui/keypairs/secp256k1'
import { Secp256r1Keypair } from '@mysten/sui/keypairs/secp256r1'
import { describe, expect, it, vi } from 'vitest'

import { planSuiTransfer } from '../../../plugins/sui/actions/sendSuiTransfer.js'
import { verifySuiPersonalMessage } from '../../../plugins/sui/actions/verifySuiPersonalMessage.js'
import * as suiEntry from '../../../plugins/sui/index.js'
import { encodeSuiCoinType } from '../../../plugins/sui/utils/encodeSuiCoinType.js'
import { isSuiAddress } from '../../../plugins/sui/utils/isSuiAddress.js'
import { toSuiWalletChain } from '../../../plugins/sui/utils/toSuiWalletChain.js'

const { suiLocalnet } = suiEntry
// Sui's TypeScript SDK test vector: this mnemonic's first ed25519 key (m/44'/784'/0'/0'/0').
const vectorMnemonic = 'film crazy soon outside stand loop subway crumble thrive popular green nuclear struggle pistol arm wife phrase warfare march wheat nephew ask sunny firm'
const vectorAddress = '0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133'

describe('portico/sui', () => {
  it('pins its export names', () => {
    expect(Object.keys(suiEntry).sort()).toEqual([
      'defineSuiNetwork',
      'sui',
      'suiDevnet',
      'suiLocalnet',
      'suiMainnet',
      'suiTestnet',
    ])
  })

  it('is a plain factory with the WalletConnect namespace and the CAIP-2 network ids', async () => {
    // Its meta loads with its code, not with the page: seen in a fresh module graph, since another
    // file of this worker may have loaded the plugin's code already (its one \`import()\` is shared).
    vi.resetModules()
    const fresh = (await import('../../../plugins/sui/index.js')) as typeof suiEntry
    const plugin = fresh.sui()
    expect(plugin).toMatchObject({ name: 'sui', kind: 'chain', namespace: 'sui' })
    expect(plugin.meta).toBeUndefined()
    await plugin.load?.()
    expect(plugin.meta?.walletConnect).toEqual({ methods: ['sui_signTransaction', 'sui_signAndExecuteTransaction', 'sui_signPersonalMessage'], events: ['accountsChanged', 'chainChanged'] })
    expect([suiEntry.suiMainnet, suiEntry.suiTestnet, suiEntry.suiDevnet, suiEntry.suiLocalnet].map((n) => [n.caipNetworkId, n.nativeCurrency])).toEqual(
      ['sui:mainnet', 'sui:testnet', 'sui:devnet', 'sui:localnet'].map((id) => [id, { name: 'Sui', symbol: 'SUI', decimals: 9 }]),
    )
    expect(suiEntry.suiMainnet.blockExplorers?.default.url).toBe('https://suiscan.xyz/mainnet')
  })
})

describe('Sui addresses', () => {
  it('accepts the published vector, and 0x + 64 hex in either case', () => {
    expect(Ed25519Keypair.deriveKeypair(vectorMnemonic).toSuiAddress()).toBe(vectorAddress)
    expect(isSuiAddress(vectorAddress)).toBe(true)
    expect(isSuiAddress(vectorAddress.toUpperCase().replace('0X', '0x'))).toBe(true)
    expect(isSuiAddress(`0x${'0'.repeat(64)}`)).toBe(true)
  })

  it('refuses short object ids, wrong lengths, a missing or wrong prefix, non-hex, padding and overlong strings', () => {
    for (const bad of ['0x2', '0x02', vectorAddress.slice(0, -1), `${vectorAddress}0`, vectorAddress.slice(2), `0X${vectorAddress.slice(2)}`, `0x${'g'.repeat(64)}`, ` ${vectorAddress}`, `${vectorAddress}\n`, `0x${'a'.repeat(10_000)}`, '', '0x', 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      expect({ bad, valid: isSuiAddress(bad) }).toEqual({ bad, valid: false })
    }
    for (const bad of [undefined, null, 42, {}, [vectorAddress]]) expect(isSuiAddress(bad)).toBe(false)
  })
})

describe('amounts, recipients and tokens refused before anything is built', () => {
  const request = (overrides: Record<string, unknown>) =>
    ({ namespace: 'sui', connectorId: 'x', from: vectorAddress, network: suiLocalnet, to: vectorAddress, amount: '1', ...overrides }) as Parameters<typeof planSuiTransfer>[0]['request']
  const failingFetch = (() => Promise.reject(new Error('the network must not be asked'))) as typeof fetch
  it.each([
    [{ amount: '1.0000000001' }, /Invalid Amount/],
    [{ amount: '-1' }, /Invalid Amount/],
    [{ amount: '0' }, /Invalid Amount/],
    [{ amount: '0.000' }, /Invalid Amount/],
    [{ amount: '1e3' }, /Invalid Amount/],
    [{ amount: ' 1' }, /Invalid Amount/],
    [{ amount: '9'.repeat(100) }, /Invalid Amount/],
    [{ to: '0x2' }, /Invalid Address/],
    [{ token: 'sui:localnet:not-a-coin-type', decimals: 6 }, /not a Sui coin type/],
    [{ token: `sui:mainnet:${encodeSuiCoinType('0x2::sui::SUI')}`, decimals: 9 }, /not a Sui coin type of the network/],
    [{ token: `sui:localnet:${encodeSuiCoinType('0xabc::pusd::PUSD')}`, decimals: 6, amount: '1.0000001' }, /Invalid Amount/],
  ])('%j', async (overrides, message) => {
    await expect(planSuiTransfer({ request: request(overrides), fetch: failingFetch })).rejects.toMatchObject({ name: 'SuiAmountError', shortMessage: expect.stringMatching(message) })
  })
})

describe('the sign-in verifier (independent of the signing library)', () => {
  const message = 'portico.example wants you to sign in with your Sui account:\n0x…\n\nNonce: 8f2c'
  it.each([
    ['ed25519', Ed25519Keypair.deriveKeypair(vectorMnemonic)],
    ['secp256k1', new Secp256k1Keypair()],
    ['secp256r1', new Secp256r1Keypair()],
  ] as const)('accepts a %s personal-message signature made by @mysten/sui, and refuses it tampered or for another address', async (_scheme, keypair) => {
    const { signature } = await keypair.signPersonalMessage(new TextEncoder().encode(message))
    const address = keypair.toSuiAddress()
    expect(await verifySuiPersonalMessage({ message, signature, address })).toBe(true)
    expect(await verifySuiPersonalMessage({ message, signature, address: address.toUpperCase().replace('0X', '0x') })).toBe(true)
    expect(await verifySuiPersonalMessage({ message: `${message}!`, signature, address })).toBe(false)
    expect(await verifySuiPersonalMessage({ message, signature, address: new Ed25519Keypair().toSuiAddress() })).toBe(false)
  })

  it('refuses a transaction-intent signature over the same bytes, malformed signatures and a bad address, without throwing', async () => {
    const keypair = Ed25519Keypair.deriveKeypair(vectorMnemonic)
    const bytes = new TextEncoder().encode(message)
    const { signature } = await keypair.signTransaction(bytes)
    expect(await verifySuiPersonalMessage({ message, signature, address: vectorAddress })).toBe(false)
    const good = (await keypair.signPersonalMessage(bytes)).signature
    const flipped = Buffer.from(good, 'base64')
    flipped[10]! ^= 1
    const otherFlag = Buffer.from(good, 'base64')
    otherFlag[0] = 1
    for (const bad of ['', 'not base64!', good.slice(0, -8), flipped.toString('base64'), otherFlag.toString('base64'), 'AA=='.repeat(60)]) {
      expect(await verifySuiPersonalMessage({ message, signature: bad, address: vectorAddress })).toBe(false)
    }
    expect(await verifySuiPersonalMessage({ message, signature: good, address: '0x2' })).toBe(false)
  })
})

describe('chains and coin types', () => {
  it('maps CAIP-2 ids to wallet chains, the genesis-checkpoint forms included', () => {
    expect(['sui:mainnet', 'sui:testnet', 'sui:devnet', 'sui:localnet', 'sui:35834a8a', 'sui:4c78adac', 'solana:mainnet', 'sui:', 'sui:UPPER'].map(toSuiWalletChain)).toEqual([
      'sui:mainnet',
      'sui:testnet',
      'sui:devnet',
      'sui:localnet',
      'sui:mainnet',
      'sui:testnet',
      undefined,
      undefined,
      undefined,
    ])
  })

  it('percent-encodes a coin type into a CAIP-10 address and back', () => {
    const coinType = '0xabc::my_coin::MY_COIN'
    expect(encodeSuiCoinType(coinType)).toBe('0xabc%3A%3Amy%5Fcoin%3A%3AMY%5FCOIN')
    expect(decodeURIComponent(encodeSuiCoinType(coinType))).toBe(coinType)
  })
})
