// `portico/solana/server`'s sign-in verifier, as a site's backend uses it: `createSiwxServer` with
// `verifiers: { solana: solanaVerifier }` verifies a CAIP-122 Solana message signed with the dev
// key (ed25519 by @noble/curves, not the plugin's signing code), and refuses a forged one.
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { solanaVerifier } from '../../../plugins/solana/server/index.js'
import { createSiwxServer } from '../../../plugins/siwx/server/index.js'
import { createSiwxMessage } from '../../../plugins/siwx/utils/createSiwxMessage.js'
import { devSolanaAccountSecretKey, devSolanaAddress, devSolanaSecondAddress } from '../../../sandbox/solana/devSolana.js'

const chainId = 'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
const sign = (message: string, account = 0) => base58.encode(ed25519.sign(new TextEncoder().encode(message), devSolanaAccountSecretKey(account).subarray(0, 32)))

describe('solanaVerifier (portico/solana/server)', () => {
  it('takes base58 ed25519 keys as addresses, nothing else', () => {
    expect(solanaVerifier.label).toBe('Solana')
    expect(solanaVerifier.isAddress(devSolanaAddress)).toBe(true)
    for (const bad of ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', '']) expect(solanaVerifier.isAddress(bad)).toBe(false)
  })

  it('in createSiwxServer: a message signed by its account is a session; another key, a changed message or a replay is refused', async () => {
    const server = createSiwxServer({ domain: '127.0.0.1:4700', chains: { [chainId]: { rpcUrl: 'http://127.0.0.1:9' } }, verifiers: { solana: solanaVerifier } })
    const messageFor = async (address: string) =>
      createSiwxMessage({ label: 'Solana', data: { domain: '127.0.0.1:4700', accountAddress: address, chainId, uri: 'http://127.0.0.1:4700/', version: '1', nonce: await server.issueNonce(), issuedAt: new Date().toISOString() } })

    const message = await messageFor(devSolanaAddress)
    const session = await server.verify({ message, signature: sign(message) })
    expect(session.data).toMatchObject({ chainId, accountAddress: devSolanaAddress })
    await expect(server.verify({ message, signature: sign(message) })).rejects.toThrow()

    const other = await messageFor(devSolanaAddress)
    await expect(server.verify({ message: other, signature: sign(other, 1) })).rejects.toThrow()
    const changed = await messageFor(devSolanaSecondAddress)
    await expect(server.verify({ message: changed.replace('Version: 1', 'Version: 1 '), signature: sign(changed, 1) })).rejects.toThrow()
    const second = await messageFor(devSolanaSecondAddress)
    expect((await server.verify({ message: second, signature: sign(second, 1) })).data.accountAddress).toBe(devSolanaSecondAddress)
  })
})
