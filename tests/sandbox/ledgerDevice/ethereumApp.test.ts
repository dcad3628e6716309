import { createPublicClient, defineChain, hashDomain, hashStruct, http, parseEther, parseGwei, recoverMessageAddress, serializeTransaction, toHex, verifyTypedData, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { ledgerDeviceMnemonic } from '../../../sandbox/ledgerDevice/ledgerDeviceKeys.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { Eth, type EthApp, type LedgerTransport, openLedgerTransport, statusOf } from './fixtures/openLedgerTransport.js'
import type { LedgerDevice } from '../../../sandbox/ledgerDevice/createLedgerDevice.js'

const path = "44'/60'/1'/0/0"
const expected = mnemonicToAccount(ledgerDeviceMnemonic, { path: `m/${path}` }).address
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const typedData = {
  domain: { name: 'Portico', version: '1', chainId: 31337n, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: { Mail: [{ name: 'contents', type: 'string' }, { name: 'amount', type: 'uint256' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello, Ledger', amount: 42n },
} as const

describe('the emulated Ledger, Ethereum app, driven by hw-transport-webhid + hw-app-eth', () => {
  let anvil: Anvil
  let device: LedgerDevice
  let transport: LedgerTransport
  let eth: EthApp
  const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1'] } } })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    ;({ device, transport } = await openLedgerTransport())
    eth = new Eth(transport)
  }, 60_000)
  afterAll(async () => {
    await transport?.close()
    await anvil?.stop()
  })

  const client = () => createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 25 })

  it('answers the app configuration and its address, which is the mnemonic\'s (Ledger Live path, account 1)', async () => {
    const config = await eth.getAppConfiguration()
    expect(config.version).toBe('1.17.0')
    expect(config.arbitraryDataEnabled).toBe(1)
    const { address, publicKey } = await eth.getAddress(path)
    expect(address).toBe(expected)
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/)
    expect(device.address('eip155', `m/${path}`)).toBe(expected)
  })

  it('shows an address on the panel when asked to display it, and the rejection answers 6985', async () => {
    device.setMode('ask')
    const shown = eth.getAddress(path, true)
    await vi.waitFor(() => expect(device.isWaiting()).toBe(true))
    expect(device.screen()).toBe(`Verify address · ${expected}`)
    device.reject()
    expect(await statusOf(shown)).toBe('0x6985')
    device.setMode('approve')
  })

  it('signs a personal message that recovers to the address', async () => {
    const message = 'Sign in to Portico · nonce 7f3a'
    const { v, r, s } = await eth.signPersonalMessage(path, Buffer.from(message).toString('hex'))
    const signature = `0x${r}${s}${v.toString(16)}` as Hex
    expect(await recoverMessageAddress({ message, signature })).toBe(expected)
    expect(device.activity().at(-1)).toMatchObject({ app: 'Ethereum', action: 'signPersonalMessage', path: `m/${path}`, screen: `Sign message · ${message}`, outcome: 'approved' })
  })

  it('signs an EIP-1559 transaction with 300 bytes of calldata (3 chunks) that anvil mines', async () => {
    await client().request({ method: 'anvil_setBalance' as never, params: [expected, toHex(parseEther('10'))] as never })
    const tx = {
      type: 'eip1559' as const,
      chainId: 31337,
      nonce: await client().getTransactionCount({ address: expected }),
      to: recipient as Hex,
      value: parseEther('0.01'),
      data: toHex(new Uint8Array(300).map((_, i) => (i % 250) + 1)),
      gas: 100_000n,
      maxFeePerGas: parseGwei('20'),
      maxPriorityFeePerGas: parseGwei('1'),
    }
    const unsigned = serializeTransaction(tx)
    const { v, r, s } = await eth.signTransaction(path, unsigned.slice(2), null)
    const raw = serializeTransaction(tx, { r: `0x${r}`, s: `0x${s}`, yParity: Number.parseInt(v, 16) })
    const hash = await client().sendRawTransaction({ serializedTransaction: raw })
    const receipt = await client().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(expected.toLowerCase())
    expect(device.activity().at(-1)?.screen).toBe('Review transaction · To 0x70997970…79C8 · Value 0.01 ETH · Chain 31337 · Blind signing · 300 bytes of data')
  })

  it('signs a legacy EIP-155 transaction that anvil mines', async () => {
    const tx = {
      type: 'legacy' as const,
      chainId: 31337,
      nonce: await client().getTransactionCount({ address: expected }),
      to: recipient as Hex,
      value: parseEther('0.02'),
      gas: 21_000n,
      gasPrice: parseGwei('20'),
    }
    const { v, r, s } = await eth.signTransaction(path, serializeTransaction(tx).slice(2), null)
    // hw-app-eth rebuilt v (chainId·2+35+parity) from the device's low byte.
    const vNumber = BigInt(`0x${v}`)
    expect(vNumber === 31337n * 2n + 35n || vNumber === 31337n * 2n + 36n).toBe(true)
    const raw = serializeTransaction(tx, { r: `0x${r}`, s: `0x${s}`, v: vNumber })
    const receipt = await client().waitForTransactionReceipt({ hash: await client().sendRawTransaction({ serializedTransaction: raw }) })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(expected.toLowerCase())
  })

  it('signs EIP-712 hashed data that verifies', async () => {
    const domainHash = hashDomain({ domain: typedData.domain, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }] } })
    const messageHash = hashStruct({ data: typedData.message, primaryType: 'Mail', types: typedData.types })
    const { v, r, s } = await eth.signEIP712HashedMessage(path, domainHash.slice(2), messageHash.slice(2))
    const signature = `0x${r}${s}${v.toString(16)}` as Hex
    expect(await verifyTypedData({ address: expected, signature, ...typedData })).toBe(true)
  })

  it('answers 6985 when the user rejects, in reject mode and from the panel in ask mode', async () => {
    device.setMode('reject')
    expect(await statusOf(eth.signPersonalMessage(path, '6869'))).toBe('0x6985')
    device.setMode('ask')
    const waiting = eth.signPersonalMessage(path, Buffer.from('panel').toString('hex'))
    await vi.waitFor(() => expect(device.isWaiting()).toBe(true))
    expect(device.screen()).toBe('Sign message · panel')
    expect(device.approve()).toBe(true)
    expect((await waiting).r).toMatch(/^[0-9a-f]{64}$/)
    expect(device.approve()).toBe(false)
    device.setMode('approve')
    expect(device.activity().slice(-2).map((a) => a.outcome)).toEqual(['rejected', 'approved'])
  })

  it('refuses a transaction with calldata when blind signing is off (6A80), and signs a plain transfer', async () => {
    device.setBlindSigning(false)
    try {
      expect((await eth.getAppConfiguration()).arbitraryDataEnabled).toBe(0)
      const base = { type: 'eip1559' as const, chainId: 31337, nonce: 9, to: recipient as Hex, value: 1n, gas: 50_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }
      const withData = serializeTransaction({ ...base, data: '0xa9059cbb' }).slice(2)
      // hw-app-eth turns the device's 6A80 into its "enable blind signing" error, as with a real Nano.
      expect(await statusOf(eth.signTransaction(path, withData, null))).toMatchObject({ name: 'EthAppPleaseEnableContractData' })
      const first = Buffer.concat([Buffer.from([5, 0x80, 0, 0, 44, 0x80, 0, 0, 60, 0x80, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), Buffer.from(withData, 'hex')])
      expect((await transport.send(0xe0, 0x04, 0x00, 0x00, first, [0x9000, 0x6a80])).toString('hex')).toBe('6a80')
      expect(device.activity().some((a) => a.screen.includes('4 bytes of data'))).toBe(false)
      expect((await eth.signTransaction(path, serializeTransaction(base).slice(2), null)).r).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      device.setBlindSigning(true)
    }
  })

  it('answers 6E00 from the dashboard, 6D00 for the Solana app\'s commands, and 5515 when locked', async () => {
    device.openApp('dashboard')
    expect(await statusOf(eth.getAddress(path))).toBe('0x6e00')
    const app = await transport.send(0xb0, 0x01, 0, 0)
    expect(app.subarray(2, 7).toString()).toBe('BOLOS')
    device.openApp('Solana')
    expect(await statusOf(eth.signPersonalMessage(path, '6869'))).toBe('0x6d00')
    device.openApp('Ethereum')
    device.setLocked(true)
    expect(await statusOf(eth.getAddress(path))).toBe('0x5515')
    device.setLocked(false)
    expect((await eth.getAddress(path)).address).toBe(expected)
  })
})
