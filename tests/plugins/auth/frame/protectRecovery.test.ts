// Protecting the recovery (docs/guides/embedded-wallet.md §2.1), through the keyring against the
// fake auth service: the wallet is split again, the server gets the new auth share and the visitor's
// envelope only, and a new browser opens the wallet only with the visitor's secret. The screens
// and the passkey run in real Chromium (tests/e2e/auth/recovery.test.ts).
import { describe, expect, it } from 'vitest'
import { createAuthApi } from '../../../../plugins/auth/frame/api/createAuthApi.js'
import { createSessionToken } from '../../../../plugins/auth/frame/api/sessionToken.js'
import { createFrameHandler } from '../../../../plugins/auth/frame/handler/createFrameHandler.js'
import { createKeyring } from '../../../../plugins/auth/frame/keys/createKeyring.js'
import { createVerifier } from '../../../../plugins/auth/frame/login/createVerifier.js'
import { deriveWalletKeys, sameAccounts } from '../../../../plugins/auth/frame/keys/deriveWalletKeys.js'
import { createDeviceShare } from '../../../../plugins/auth/frame/keys/deviceShare.js'
import { combineShares } from '../../../../plugins/auth/frame/keys/shares.js'
import { openRecoveryShare, sealRecoveryShare, type RecoveryEnvelope } from '../../../../plugins/auth/frame/recovery/recoveryEnvelope.js'
import type { AuthAccounts } from '../../../../plugins/auth/protocol.js'
import { fakeAuthServer } from './fakeAuthServer.js'
import { memoryStorage } from './memoryStorage.js'

const config = { projectId: 'demo', allowedOrigins: ['http://127.0.0.1:*'], apiBase: '/auth/v1', rpcBase: '/v1/' }
const frameOrigin = 'http://127.0.0.1:4711'
const password = 'a long recovery password'

/** A browser: its storage, its frame handler (which logs in) and a keyring over the same storage. */
function browser(server: ReturnType<typeof fakeAuthServer>) {
  const storage = memoryStorage()
  const handler = createFrameHandler({ config, frameOrigin, fetch: server.fetch as typeof fetch, storage })
  let id = 0
  const api = createAuthApi({ apiBase: '/auth/v1', projectId: 'demo', token: createSessionToken(storage), fetch: server.fetch as typeof fetch })
  const device = createDeviceShare(storage)
  const keyring = createKeyring({ api, device, drawEntropy: () => crypto.getRandomValues(new Uint8Array(16)) })
  const call = async (method: string, params?: unknown) => (await handler.handle({ id: ++id, method, ...(params === undefined ? {} : { params }) }))!
  const emailLogin = async (email: string) => {
    await call('emailStart', { email })
    return call('emailVerify', { code: server.sentCodes.at(-1) })
  }
  return { storage, api, device, keyring, emailLogin }
}

async function rebuilds(a: string, b: string, accounts: AuthAccounts): Promise<boolean> {
  try {
    const keys = deriveWalletKeys(await combineShares(a, b))
    return sameAccounts(keys.accounts, accounts)
  } catch {
    return false
  }
}

describe('protecting the recovery', () => {
  it('re-splits the wallet: the server keeps the new auth share and the envelope; old and new shares do not mix', async () => {
    const server = fakeAuthServer()
    const first = browser(server)
    const answer = await first.emailLogin('erin@example.com')
    if (!('result' in answer)) throw new Error(answer.error.message)
    const { accounts } = answer.result as { accounts: AuthAccounts }
    const userId = 'email:erin@example.com'
    const before = { ...server.wallets.get(userId)! }
    const oldDevice = first.device.read(userId)!
    let envelope: RecoveryEnvelope | undefined
    await first.keyring.protectRecovery(userId, accounts, async (share) => (envelope = await sealRecoveryShare(userId, share, { password })))
    const after = server.wallets.get(userId)!
    expect(after.protectedRecovery).toEqual(envelope)
    expect(after.authShare).not.toBe(before.authShare)
    const newDevice = first.device.read(userId)!
    expect(newDevice).not.toBe(oldDevice)
    // The new pair rebuilds the wallet; an old share with a new one does not.
    expect(await rebuilds(newDevice, after.authShare, accounts)).toBe(true)
    expect(await rebuilds(before.recoveryShare, after.authShare, accounts)).toBe(false)
    expect(await rebuilds(oldDevice, after.authShare, accounts)).toBe(false)
    expect((await first.api.me()).recovery).toBe('protected')
  }, 30_000)

  it('a new browser needs the visitor\'s secret: without the unlock screen the login fails REAUTH_REQUIRED; with the password it recovers', async () => {
    const server = fakeAuthServer()
    const first = browser(server)
    const answer = await first.emailLogin('finn@example.com')
    if (!('result' in answer)) throw new Error(answer.error.message)
    const { accounts } = answer.result as { accounts: AuthAccounts }
    const userId = 'email:finn@example.com'
    await first.keyring.protectRecovery(userId, accounts, (share) => sealRecoveryShare(userId, share, { password }))

    const other = browser(server)
    const refused = await other.emailLogin('finn@example.com')
    expect('error' in refused && refused.error.code).toBe('REAUTH_REQUIRED')
    expect(other.device.read(userId)).toBeUndefined()

    // A fresh login of another browser, opened by the keyring with an unlock that asks for the password (a wrong one first).
    const fresh = browser(server)
    const verifier = createVerifier((bytes) => crypto.getRandomValues(bytes))
    const sent = await fresh.api.emailStart('finn@example.com', verifier.challenge)
    createSessionToken(fresh.storage).set((await fresh.api.emailVerify(sent.attemptId, server.sentCodes.at(-1)!, verifier.verifier)).token)
    const tries: string[] = []
    const me = await fresh.api.me()
    const opened = await fresh.keyring.open(me, async (id, envelope) => {
      for (const guess of ['wrong password!', password]) {
        tries.push(guess)
        const share = await openRecoveryShare(id, envelope, { password: guess })
        if (share) return share
      }
      throw new Error('not unlocked')
    })
    expect(opened).toEqual(accounts)
    expect(tries).toEqual(['wrong password!', password])
    expect(fresh.device.read(userId)).toBeDefined()
  }, 60_000)
})
