// The swap API (`/v1/convert/*`) on real Uniswap V2 contracts (the published npm artifacts) on
// anvil, with the sandbox's pools: quotes equal the router's formula on the pools' reserves, built
// transactions signed by a dev key swap ETH → pUSD and (after the built approval) pUSD → ETH, a
// pool that moved past the slippage makes the swap revert with nothing lost, and hostile inputs get
// a 4xx with a clear message; a swap built in the same second as the pool's last trade, or as the
// pool's creation, lands later (its gas covers the pair's price-oracle update).
import { type Address, type Hex, erc20Abi, getAddress, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deployPorticoUsd } from '../../../sandbox/devnets/deployPorticoUsd.js'
import { ammAccount, deployUniswapV2, sandboxPools } from '../../../sandbox/devnets/deployUniswapV2.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { devAccount as sandboxDevAccount } from '../../../sandbox/devnets/devAccounts.js'
import { clientsFor } from '../helpers/deployTestToken.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const chainId = 'eip155:31337'
const eth = `${chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
let anvil: Anvil
let server: TestServer
let pUsd: Address
let pGld: Address
let router: Address
const user = sandboxDevAccount(3)
const userCaip = `${chainId}:${user.address}`

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  pUsd = (await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 })).address
  const amm = await deployUniswapV2({ rpcUrl: anvil.rpcUrl, chainId: 31337, pUsd })
  pGld = amm.pGld
  router = amm.router
  server = await startTestServer({
    chains: [
      {
        caipNetworkId: chainId,
        name: 'Devnet A',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        nativePriceUsd: 3000,
        tokens: [
          { address: pUsd, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 },
          { address: pGld, name: 'Portico Gold', symbol: 'pGLD', decimals: 18, priceUsd: 2 },
        ],
        swap: { router: amm.router, factory: amm.factory, weth: amm.weth },
      },
      { caipNetworkId: 'eip155:999', name: 'No AMM', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ],
  })
})
afterAll(async () => {
  await server?.dispose()
  await anvil?.stop()
})

/** out = in·997·rOut / (rIn·1000 + in·997): Uniswap V2's getAmountOut. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

/** Signs and sends a built `tx` with the user's key (or `account`'s) on the file's anvil (or `rpcUrl`); resolves the receipt. */
async function sendBuilt(tx: { to: string; data: Hex; amount: string; eip155: { gas: string } }, account = user, rpcUrl = anvil.rpcUrl) {
  const { publicClient, walletClient } = clientsFor(rpcUrl, 31337)
  const hash = await walletClient.sendTransaction({ account, to: getAddress(tx.to.split(':')[2]!), data: tx.data, value: BigInt(tx.amount), gas: BigInt(tx.eip155.gas) })
  return publicClient.waitForTransactionReceipt({ hash })
}
const pUsdOf = async (address: Address) => clientsFor(anvil.rpcUrl, 31337).publicClient.readContract({ address: pUsd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('/v1/convert on Uniswap V2', () => {
  it('lists the native currency and the configured tokens', async () => {
    const { status, body } = await server.getJson(`/v1/convert/tokens?chainId=${chainId}`)
    expect(status).toBe(200)
    expect(body.tokens.map((t: { symbol: string; address: string; decimals: number }) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', eth, 18],
      ['pUSD', `${chainId}:${pUsd}`, 6],
      ['pGLD', `${chainId}:${pGld}`, 18],
    ])
    // Each without a configured logo gets the server's token image, as its balances do, and the image is there.
    for (const token of body.tokens as { symbol: string; logoUri: string }[]) {
      expect(token.logoUri).toBe(`${server.url}/public/getTokenImage/${token.symbol}`)
      const image = await fetch(token.logoUri)
      expect([token.symbol, image.status, image.headers.get('content-type')]).toEqual([token.symbol, 200, expect.stringMatching(/^image\/svg\+xml/)])
    }
  })

  it('quotes 0.1 ETH → pUSD with the router formula on the seeded reserves, and pUSD → pGLD on the direct pool', async () => {
    const amount = parseEther('0.1')
    const { status, body } = await server.getJson(`/v1/convert/quotes?${query({ amount: amount.toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip })}`)
    expect(status).toBe(200)
    const expected = amountOut(amount, parseEther(sandboxPools.ethPusd.eth), parseUnits(sandboxPools.ethPusd.pUsd, 6))
    expect(body.quotes).toEqual([{ id: null, fromAmount: amount.toString(), fromAccount: eth, toAmount: expected.toString(), toAccount: `${chainId}:${pUsd}`, priceImpact: expect.stringMatching(/^0\.00\d\d$/) }])
    const direct = await server.getJson(`/v1/convert/quotes?${query({ amount: '1000000', from: `${chainId}:${pUsd}`, to: `${chainId}:${pGld}`, userAddress: userCaip })}`)
    expect(direct.body.quotes[0].toAmount).toBe(amountOut(1_000_000n, parseUnits(sandboxPools.pusdPgld.pUsd, 6), parseUnits(sandboxPools.pusdPgld.pGld, 18)).toString())
  })

  it('quotes by the amount to receive (toAmount): what it costs, with the router\'s getAmountsIn', async () => {
    const toAmount = parseUnits('600', 6)
    const { status, body } = await server.getJson(`/v1/convert/quotes?${query({ toAmount: toAmount.toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip })}`)
    expect(status).toBe(200)
    const quote = body.quotes[0]
    const rIn = parseEther(sandboxPools.ethPusd.eth)
    const rOut = parseUnits(sandboxPools.ethPusd.pUsd, 6)
    // getAmountIn = rIn·out·1000 / ((rOut − out)·997) + 1
    expect(BigInt(quote.fromAmount)).toBe((rIn * toAmount * 1000n) / ((rOut - toAmount) * 997n) + 1n)
    expect(BigInt(quote.toAmount)).toBeGreaterThanOrEqual(toAmount)
    const both = await server.getJson(`/v1/convert/quotes?${query({ amount: '1', toAmount: '1', from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip })}`)
    expect(both).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not both/) } })
    const tooMuch = await server.getJson(`/v1/convert/quotes?${query({ toAmount: parseUnits('400000', 6).toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip })}`)
    expect(tooMuch).toMatchObject({ status: 400, body: { message: 'The amount is more than the pool can pay out' } })
  })

  it('swaps 0.1 ETH for pUSD with the built transaction; the user receives at least the minimum', async () => {
    const amount = parseEther('0.1')
    const quote = (await server.getJson(`/v1/convert/quotes?${query({ amount: amount.toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip })}`)).body.quotes[0]
    const before = await pUsdOf(user.address)
    const built = await server.post('/v1/convert/build-transaction', { amount: amount.toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip, eip155: { slippage: 1 } })
    expect(built.status).toBe(200)
    expect(built.body.tx).toMatchObject({ from: userCaip, to: `${chainId}:${router}`, amount: amount.toString() })
    expect((await sendBuilt(built.body.tx)).status).toBe('success')
    expect((await pUsdOf(user.address)) - before).toBe(BigInt(quote.toAmount))
  })

  it('pUSD → ETH needs an approval first: allowance 0, the built approve for the amount, then the swap', async () => {
    const amount = parseUnits('250', 6)
    const allowance = async () => (await server.getJson(`/v1/convert/allowance?${query({ tokenAddress: `${chainId}:${pUsd}`, userAddress: userCaip })}`)).body.allowance
    expect(await allowance()).toBe('0')
    const approve = await server.getJson(`/v1/convert/build-approve?${query({ from: `${chainId}:${pUsd}`, to: eth, userAddress: userCaip, amount: amount.toString() })}`)
    expect(approve.status).toBe(200)
    expect(approve.body.tx).toMatchObject({ to: `${chainId}:${pUsd}`, amount: '0' })
    expect((await sendBuilt(approve.body.tx)).status).toBe('success')
    expect(await allowance()).toBe(amount.toString())
    const { publicClient } = clientsFor(anvil.rpcUrl, 31337)
    const before = await publicClient.getBalance({ address: user.address })
    const built = await server.post('/v1/convert/build-transaction', { amount: amount.toString(), from: `${chainId}:${pUsd}`, to: eth, userAddress: userCaip, eip155: { slippage: 0.5 } })
    expect(built.status).toBe(200)
    const receipt = await sendBuilt(built.body.tx)
    expect(receipt.status).toBe('success')
    const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await publicClient.getBalance({ address: user.address })) - before + gasPaid).toBeGreaterThan(parseEther('0.08'))
    expect(await allowance()).toBe('0')
  })

  it('a swap built in the same second as the pool\'s last trade still goes through when mined seconds later (the gas has a margin)', async () => {
    // The node simulates the swap in a block of the same second as the pair's last update, where
    // Uniswap V2 skips its price-oracle writes; in the later block it lands in they cost more gas.
    const trader = sandboxDevAccount(4)
    const traderCaip = `${chainId}:${trader.address}`
    const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
    const rpc = (method: string, params: unknown[]) => publicClient.request({ method: method as 'eth_chainId', params: params as never })
    const amount = parseUnits('50', 6)
    const buy = await server.post('/v1/convert/build-transaction', { amount: parseEther('0.1').toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: traderCaip, eip155: { slippage: 1 } })
    const approve = await server.getJson(`/v1/convert/build-approve?${query({ from: `${chainId}:${pUsd}`, to: eth, userAddress: traderCaip, amount: amount.toString() })}`)
    const second = (await publicClient.getBlock()).timestamp + 1n
    await rpc('evm_setAutomine', [false])
    try {
      const hashes = [
        await walletClient.sendTransaction({ account: trader, to: router, data: buy.body.tx.data, value: parseEther('0.1'), gas: 300_000n }),
        await walletClient.sendTransaction({ account: trader, to: pUsd, data: approve.body.tx.data, gas: 100_000n }),
      ]
      await rpc('evm_mine', [Number(second)])
      for (const hash of hashes) expect((await publicClient.getTransactionReceipt({ hash })).status).toBe('success')
      await rpc('evm_setNextBlockTimestamp', [Number(second)])
      const sell = await server.post('/v1/convert/build-transaction', { amount: amount.toString(), from: `${chainId}:${pUsd}`, to: eth, userAddress: traderCaip, eip155: { slippage: 1 } })
      expect(sell.status).toBe(200)
      await rpc('evm_setNextBlockTimestamp', [Number(second) + 10])
      await rpc('evm_setAutomine', [true])
      const receipt = await sendBuilt(sell.body.tx, trader)
      expect(receipt.status).toBe('success')
      expect((await publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(second + 10n)
    } finally {
      await rpc('evm_setAutomine', [true])
    }
  })

  it('a pool that moved past the slippage makes the swap revert on chain, and nothing is lost', async () => {
    const amount = parseEther('1')
    const built = await server.post('/v1/convert/build-transaction', { amount: amount.toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip, eip155: { slippage: 1 } })
    // Someone else buys pUSD with 20 ETH first: the price moves far more than 1%.
    const other = await server.post('/v1/convert/build-transaction', { amount: parseEther('20').toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: `${chainId}:${ammAccount.address}`, eip155: { slippage: 1 } })
    const { publicClient, walletClient } = clientsFor(anvil.rpcUrl, 31337)
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ account: ammAccount, to: router, data: other.body.tx.data, value: parseEther('20') }) })
    const before = await pUsdOf(user.address)
    const ethBefore = await publicClient.getBalance({ address: user.address })
    const receipt = await sendBuilt(built.body.tx)
    expect(receipt.status).toBe('reverted')
    expect(await pUsdOf(user.address)).toBe(before)
    expect(ethBefore - (await publicClient.getBalance({ address: user.address }))).toBe(receipt.gasUsed * receipt.effectiveGasPrice)
    // Estimating it says why.
    const again = await server.post('/v1/convert/build-transaction', { amount: amount.toString(), from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip, eip155: { slippage: 1 } })
    expect(again.status).toBe(200)
  })

  it('gas price: standard, fast and instant in wei; "Network not supported for Gas Price" elsewhere', async () => {
    const { status, body } = await server.getJson(`/v1/convert/gas-price?chainId=${chainId}`)
    expect(status).toBe(200)
    expect(BigInt(body.fast)).toBeGreaterThan(BigInt(body.standard))
    const other = await server.getJson('/v1/convert/gas-price?chainId=eip155:999')
    expect(other).toMatchObject({ status: 400, body: { message: 'Network not supported for Gas Price' } })
  })

  it('refuses hostile input with a 4xx and a clear message', async () => {
    const good = { from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip, amount: '1000' }
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...good, to: `${chainId}:0x000000000000000000000000000000000000dEaD` }, /not a token this server swaps/],
      [{ ...good, amount: '0' }, /more than zero/],
      [{ ...good, amount: '-5' }, /whole number/],
      [{ ...good, amount: '1.5' }, /whole number/],
      [{ ...good, amount: '1e18' }, /whole number/],
      [{ ...good, amount: '9'.repeat(79) }, /whole number/],
      [{ ...good, amount: parseEther('1000').toString() }, /more than the pool can pay out/], // the pool holds about 120 ETH
      [{ ...good, from: 'eip155:999:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: 'eip155:999:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' }, /Network not supported for Swaps/],
      [{ ...good, to: `eip155:1:${pUsd}` }, /same chain/],
      [{ ...good, userAddress: 'eip155:31337:0xnope' }, /userAddress must be a CAIP-10 address/],
      [{ ...good, to: eth }, /same token/],
      [{ ...good, from: 'javascript:alert(1)' }, /CAIP-10/],
    ]
    for (const [params, message] of cases) {
      const { status, body } = await server.getJson(`/v1/convert/quotes?${query(params)}`)
      expect(status, JSON.stringify(params)).toBe(400)
      expect(body.message, JSON.stringify(params)).toMatch(message)
    }
    expect((await server.getJson(`/v1/convert/tokens?chainId=eip155:999`)).body.message).toBe('Network not supported for Swaps')
    expect((await server.getJson(`/v1/convert/tokens?chainId=nope`)).status).toBe(400)
    expect((await server.getJson(`/v1/convert/build-approve?${query({ from: eth, to: `${chainId}:${pUsd}`, userAddress: userCaip })}`)).body.message).toMatch(/needs no approval/)
    const badSlippage = await server.post('/v1/convert/build-transaction', { ...good, eip155: { slippage: 80 } })
    expect(badSlippage).toMatchObject({ status: 400, body: { message: expect.stringMatching(/slippage/) } })
    const noAllowance = await server.post('/v1/convert/build-transaction', { ...good, from: `${chainId}:${pUsd}`, to: eth, amount: '5000000' })
    expect(noAllowance).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^The transaction would fail/) } })
  })
})

describe('the first trade of a new pool', () => {
  it('a swap built in the second the pool was created goes through when mined seconds later (its gas covers the pair\'s first price-oracle writes)', async () => {
    // The node simulates the swap in a block of the pool's own second, where the pair skips its
    // price-oracle update; a block later it writes both cumulative prices from zero (the most gas
    // that update can take).
    const fresh = await startAnvil({ chainId: 31337 })
    try {
      const { publicClient } = clientsFor(fresh.rpcUrl, 31337)
      const rpc = (method: string, params: unknown[]) => publicClient.request({ method: method as 'eth_chainId', params: params as never })
      await rpc('anvil_setBlockTimestampInterval', [0]) // every block in one second of chain time
      const freshUsd = (await deployPorticoUsd({ rpcUrl: fresh.rpcUrl, chainId: 31337 })).address
      const amm = await deployUniswapV2({ rpcUrl: fresh.rpcUrl, chainId: 31337, pUsd: freshUsd })
      const freshServer = await startTestServer({
        chains: [
          {
            caipNetworkId: chainId,
            name: 'Devnet A',
            rpcUrl: fresh.rpcUrl,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            tokens: [{ address: freshUsd, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }],
            swap: { router: amm.router, factory: amm.factory, weth: amm.weth },
          },
        ],
      })
      try {
        const built = await freshServer.post('/v1/convert/build-transaction', { amount: parseEther('0.1').toString(), from: eth, to: `${chainId}:${freshUsd}`, userAddress: userCaip, eip155: { slippage: 1 } })
        expect(built.status).toBe(200)
        const created = (await publicClient.getBlock()).timestamp
        await rpc('anvil_removeBlockTimestampInterval', [])
        await rpc('evm_setNextBlockTimestamp', [Number(created) + 10])
        const receipt = await sendBuilt(built.body.tx, user, fresh.rpcUrl)
        expect((await publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(created + 10n)
        expect(receipt.status).toBe('success')
      } finally {
        await freshServer.dispose()
      }
    } finally {
      await fresh.stop()
    }
  })
})
