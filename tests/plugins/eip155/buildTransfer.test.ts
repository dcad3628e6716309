import { encodeFunctionData, erc20Abi, maxUint256, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import type { SendRequest } from '../../../kernel/kernel.js'
import { defineNetwork } from '../../../plugins/eip155/index.js'
import { buildTransfer } from '../../../plugins/eip155/actions/sendTransfer.js'

const network = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const request = (partial: Partial<SendRequest>): SendRequest => ({
  namespace: 'eip155',
  connectorId: 'test',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  network,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amount: '1',
  ...partial,
})

describe('eip155 buildTransfer', () => {
  it('an ERC-20 transfer is byte for byte what viem encodeFunctionData gives', async () => {
    const cases: [string, string, number][] = [
      ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '3', 6],
      ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0.000001', 6],
      ['0x0000000000000000000000000000000000000000', '0', 18],
      ['0xFFfFfFffFFfffFFfFFfFFFFFffFFFffffFfFFFfF', '123456789.123456789012345678', 18],
      ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', maxUint256.toString(), 0],
    ]
    for (const [to, amount, decimals] of cases) {
      const call = await buildTransfer(request({ to, amount, decimals, token: `eip155:31337:${token}` }))
      const expected = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as `0x${string}`, parseUnits(amount, decimals)] })
      expect(call, `${to} ${amount}`).toEqual({ from: request({}).from, to: token, data: expected, value: '0x0' })
    }
  })

  it('a native transfer is a value to the receiver, no data', async () => {
    expect(await buildTransfer(request({ amount: '0.5' }))).toEqual({ from: request({}).from, to: request({}).to, value: '0x6f05b59d3b20000', data: '0x' })
  })

  it('refuses an amount outside uint256, a negative one or one with more decimals than the token, a receiver that is not an address and a token without decimals', async () => {
    const tokenRequest = (partial: Partial<SendRequest>) => request({ token: `eip155:31337:${token}`, decimals: 0, ...partial })
    await expect(buildTransfer(tokenRequest({ amount: (maxUint256 + 1n).toString() }))).rejects.toThrow('The amount does not fit in 256 bits (uint256)')
    await expect(buildTransfer(tokenRequest({ amount: '-1' }))).rejects.toThrow('The amount is not a decimal number with at most 0 decimals')
    await expect(buildTransfer(tokenRequest({ amount: '1.5' }))).rejects.toThrow('The amount is not a decimal number with at most 0 decimals')
    await expect(buildTransfer(request({ amount: '0.0000000000000000001' }))).rejects.toThrow('The amount is not a decimal number with at most 18 decimals')
    await expect(buildTransfer(tokenRequest({ to: '0x1234' }))).rejects.toThrow('The receiver is not an EVM address')
    await expect(buildTransfer(tokenRequest({ to: `0x${'g'.repeat(40)}` }))).rejects.toThrow('The receiver is not an EVM address')
    await expect(buildTransfer(request({ token: `eip155:31337:${token}` }))).rejects.toThrow('The token decimals are required')
  })
})
