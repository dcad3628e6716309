import { address, createSolanaRpc } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devSolanaAddress } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts, solanaPorticoUsd } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { type SolanaRpc, startSolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'

const sol = 1_000_000_000n

describe('fundSolanaDevAccounts', () => {
  let solana: SolanaRpc
  let funded: { owner: string; mint: string }
  let rpc: ReturnType<typeof createSolanaRpc>

  beforeAll(async () => {
    solana = await startSolanaRpc()
    rpc = createSolanaRpc(solana.rpcUrl)
    funded = await fundSolanaDevAccounts(solana)
  })
  afterAll(async () => {
    await solana?.stop()
  })

  it('airdrops 100 SOL to the dev key, which paid the token set-up from it', async () => {
    expect(funded.owner).toBe(devSolanaAddress)
    const lamports = (await rpc.getBalance(address(funded.owner)).send()).value
    expect(lamports).toBeLessThan(100n * sol)
    expect(lamports).toBeGreaterThan(100n * sol - sol / 100n) // rent for the mint and its token account, and fees
  })

  it('creates the pUSD mint (6 decimals, the dev key as mint authority) with 1,000,000 pUSD', async () => {
    expect(solanaPorticoUsd).toEqual({ name: 'Portico USD', symbol: 'pUSD', decimals: 6 })
    const { value } = await rpc.getAccountInfo(address(funded.mint), { encoding: 'jsonParsed' }).send()
    expect(value?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, mintAuthority: devSolanaAddress, supply: '1000000000000', isInitialized: true } },
    })
  })

  it("shows the dev key's pUSD through getTokenAccountsByOwner (by mint and by program) and getTokenAccountBalance", async () => {
    const [ata] = await findAssociatedTokenPda({ owner: address(funded.owner), mint: address(funded.mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
    for (const filter of [{ mint: address(funded.mint) }, { programId: TOKEN_PROGRAM_ADDRESS }]) {
      const { value } = await rpc.getTokenAccountsByOwner(address(funded.owner), filter, { encoding: 'jsonParsed' }).send()
      expect(value).toHaveLength(1)
      expect(value[0]?.pubkey).toBe(ata)
      expect(value[0]?.account.data.parsed.info).toMatchObject({
        mint: funded.mint,
        owner: funded.owner,
        state: 'initialized',
        tokenAmount: { amount: '1000000000000', decimals: 6, uiAmount: 1_000_000, uiAmountString: '1000000' },
      })
    }
    const { value: base64 } = await rpc.getTokenAccountsByOwner(address(funded.owner), { mint: address(funded.mint) }, { encoding: 'base64' }).send()
    expect(base64[0]?.account.data[1]).toBe('base64')
    const { value: balance } = await rpc.getTokenAccountBalance(ata).send()
    expect(balance).toMatchObject({ amount: '1000000000000', decimals: 6, uiAmountString: '1000000' })
    const stranger = address('11111111111111111111111111111112')
    expect((await rpc.getTokenAccountsByOwner(stranger, { mint: address(funded.mint) }, { encoding: 'jsonParsed' }).send()).value).toEqual([])
  })

  it('a second call tops up SOL, keeps the same mint and mints nothing more', async () => {
    const before = (await rpc.getBalance(address(funded.owner)).send()).value
    const again = await fundSolanaDevAccounts(solana)
    expect(again).toEqual(funded)
    expect((await rpc.getBalance(address(funded.owner)).send()).value).toBe(before + 100n * sol)
    const { value } = await rpc.getAccountInfo(address(funded.mint), { encoding: 'jsonParsed' }).send()
    expect((value?.data as { parsed: { info: { supply: string } } }).parsed.info.supply).toBe('1000000000000')
  })

  it('uses the same mint address on a fresh chain', async () => {
    const other = await startSolanaRpc()
    try {
      expect((await fundSolanaDevAccounts(other)).mint).toBe(funded.mint)
    } finally {
      await other.stop()
    }
  })
})
