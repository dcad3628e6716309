// The Ledger plugin's namespace rows where the app depends on the network (bip122: the Bitcoin app's mainnet and
// test-networks builds), and the addresses a kept connection is checked against.
import { describe, expect, it } from 'vitest'
import type { Network } from '../../../kernel/kernel.js'
import { ledgerChainFor, ledgerChainOf } from '../../../plugins/ledger/chains/index.js'
import { isConcretePath, parsePath, pathAt } from '../../../plugins/ledger/utils/derivationPaths.js'

const network = (reference: string) => ({ caipNetworkId: `bip122:${reference}`, chainNamespace: 'bip122' }) as Network
const mainnet = network('000000000019d6689c085ae165831e93')
const regtest = network('0f9188f13cb7b2c71f2a335e3a4fc328')
const testnet4 = network('00000000da84f2bafbbc53dee25a72ae')

describe('ledgerChainFor', () => {
  it('names the Bitcoin app and coin type 0 on mainnet, Bitcoin Test and coin type 1 on the test networks', () => {
    const onMainnet = ledgerChainFor('bip122', mainnet)
    expect(onMainnet.app).toBe('Bitcoin')
    expect(onMainnet.paths.map((p) => [p.id, p.template])).toEqual([
      ['ledgerLive', "m/84'/0'/{i}'/0/0"],
      ['taproot', "m/86'/0'/{i}'/0/0"],
    ])
    expect(onMainnet.customPath).toBe("m/84'/0'/{i}'/0/0")
    for (const test of [regtest, testnet4, undefined]) {
      const chain = ledgerChainFor('bip122', test)
      expect(chain.app).toBe('Bitcoin Test')
      expect(chain.paths.map((p) => p.template)).toEqual(["m/84'/1'/{i}'/0/0", "m/86'/1'/{i}'/0/0"])
    }
    // Every template is a path the picker pages through.
    for (const scheme of onMainnet.paths) expect(isConcretePath(pathAt(parsePath(scheme.template), 3))).toBe(true)
  })

  it('leaves the rows whose app does not depend on the network as they are', () => {
    expect(ledgerChainFor('eip155', mainnet)).toBe(ledgerChainOf('eip155'))
    expect(ledgerChainFor('solana', undefined).app).toBe('Solana')
  })

  it('keeps native segwit and taproot addresses of every Bitcoin network, and nothing else', () => {
    const { isAddress } = ledgerChainOf('bip122')
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bcrt1qvj26ln3469pqneen36hy5eldzgxr0209gvmx4y',
      'bcrt1p4ua0hj5svta50uvu50wngcvqlw9w8f4zvemfwn5w9cwqr3l04g8qh45uyz',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ])
      expect(isAddress(address)).toBe(true)
    for (const address of ['bc1pshort', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'bcrt1p4ua0hj5svta50uvu50wngcvqlw9w8f4zvemfwn5w9cwqr3l04g8qh45uyzz', '']) expect(isAddress(address)).toBe(false)
  })
})
