import type { AuthAccounts } from '../../protocol.js'
import type { AuthApi, MeAnswer, WalletRecord } from '../api/createAuthApi.js'
import { FrameFailure } from '../errors.js'
import type { RecoveryEnvelope } from '../recovery/recoveryEnvelope.js'
import type { DeviceShare } from './deviceShare.js'
import { deriveWalletKeys, sameAccounts, type WalletKeys } from './deriveWalletKeys.js'
import { combineShares, splitEntropy } from './shares.js'

/** Draws the entropy of a new wallet (16 bytes; `crypto.getRandomValues` in the browser). */
export type DrawEntropy = () => Uint8Array

/**
 * Opens a protected recovery share on a new browser: asks the visitor for their passkey or
 * recovery password (in the frame) and answers the share; throws USER_REJECTED when they cancel.
 */
export type UnlockRecovery = (userId: string, envelope: RecoveryEnvelope) => Promise<string>

/** Forgets what it can of a key set once an operation is over. */
function wipe(keys: WalletKeys): void {
  keys.solana.privateKey.fill(0)
}

/**
 * The embedded wallet's custody (docs/guides/embedded-wallet.md §2): after a login it creates
 * the wallet (first login), rebuilds it from this browser's device share and the auth share, or
 * recovers it on a new browser (auth + recovery share, then keeps the recovery share as the
 * device share); for each signature it rebuilds the keys, checks them against the server's
 * addresses and drops them after. No share, entropy or key leaves it.
 *
 * @example
 * const keyring = createKeyring({ api, device, drawEntropy: () => crypto.getRandomValues(new Uint8Array(16)) })
 * const accounts = await keyring.open(await api.me())
 * const signature = await keyring.withKeys(me.user.id, accounts, (keys) => keys.eip155.signMessage({ message: 'hi' }))
 */
export function createKeyring({ api, device, drawEntropy }: { api: AuthApi; device: DeviceShare; drawEntropy: DrawEntropy }) {
  /**
   * Drops this browser's share after it failed to rebuild the wallet, unless it changed meanwhile
   * (a protection re-split the wallet between the read and the server's answer: the new share is good).
   */
  function dropIfStill(userId: string, share: string | undefined): void {
    if (share !== undefined && device.read(userId) === share) device.drop()
  }

  /** Rebuilds the keys of `wallet` for `userId`; fails WALLET_MISMATCH (and keeps nothing) when the shares derive other addresses. */
  /** The recovery share in clear: as the server keeps it, or opened by the visitor (`unlock`); none without `unlock`. */
  async function recoveryShare(userId: string, unlock: UnlockRecovery | undefined): Promise<string> {
    const answer = await api.recoveryShare()
    if ('share' in answer) return answer.share
    if (!unlock) throw new FrameFailure('REAUTH_REQUIRED', 'Log in again on this browser to unlock the wallet with your passkey or recovery password')
    return unlock(userId, answer.envelope)
  }

  /** The wallet's entropy from this browser's share and the auth share, or (new browser) the auth and recovery shares. */
  async function entropyOf(userId: string, unlock?: UnlockRecovery): Promise<{ entropy: Uint8Array; deviceShare: string | undefined; second: string }> {
    const deviceShare = device.read(userId)
    const [first, second] = deviceShare ? [deviceShare, await api.authShare()] : [await api.authShare(), await recoveryShare(userId, unlock)]
    try {
      return { entropy: await combineShares(first, second), deviceShare, second }
    } catch (error) {
      dropIfStill(userId, deviceShare)
      throw error
    }
  }

  async function rebuild(userId: string, wallet: AuthAccounts, unlock?: UnlockRecovery): Promise<WalletKeys> {
    const { entropy, deviceShare, second } = await entropyOf(userId, unlock)
    let keys: WalletKeys
    try {
      keys = deriveWalletKeys(entropy)
    } catch (error) {
      dropIfStill(userId, deviceShare)
      throw error
    } finally {
      entropy.fill(0)
    }
    if (!sameAccounts(keys.accounts, wallet)) {
      wipe(keys)
      // A device share that rebuilds another wallet is of no use: the next login recovers instead.
      dropIfStill(userId, deviceShare)
      throw new FrameFailure('WALLET_MISMATCH', 'The key shares do not rebuild this account\'s wallet')
    }
    if (!deviceShare) device.write(userId, second)
    return keys
  }

  /** First login: a new wallet, split 2-of-3; `undefined` when another device created one first. */
  async function create(me: MeAnswer): Promise<AuthAccounts | undefined> {
    const entropy = drawEntropy()
    if (entropy.length !== 16) throw new FrameFailure('SERVER_ERROR', 'The wallet could not be created')
    try {
      const keys = deriveWalletKeys(entropy)
      wipe(keys)
      const shares = await splitEntropy(entropy)
      const outcome = await api.createWallet({ ...keys.accounts, authShare: shares.auth, recoveryShare: shares.recovery })
      if (outcome === 'exists') return undefined
      device.write(me.user.id, shares.device)
      return keys.accounts
    } finally {
      entropy.fill(0)
    }
  }

  return {
    /**
     * Makes the wallet of the user `me` describes usable on this browser and answers its
     * addresses: creates it, or rebuilds and checks it (recovering when this browser has no
     * share).
     */
    async open(me: MeAnswer, unlock?: UnlockRecovery): Promise<AuthAccounts> {
      let wallet: WalletRecord | undefined = me.wallet
      if (!wallet) {
        const created = await create(me)
        if (created) return created
        // 409: someone else created it. Read it back and continue as an existing wallet.
        wallet = (await api.me()).wallet
        if (!wallet) throw new FrameFailure('SERVER_ERROR', 'The server reported a wallet it does not return')
      }
      wipe(await rebuild(me.user.id, wallet, unlock))
      return { eip155: wallet.eip155, solana: wallet.solana }
    },

    /**
     * Protects the recovery (docs/guides/embedded-wallet.md §2.1): rebuilds the entropy, checks it
     * is `wallet`'s, splits it again into three new shares, has `protect` encrypt the new recovery
     * share for the visitor, and stores the new auth share and that envelope on the server, then
     * the new device share here. The old shares (a backup of the database included) no longer
     * combine with the new ones.
     */
    async protectRecovery(userId: string, wallet: AuthAccounts, protect: (recoveryShare: string) => Promise<RecoveryEnvelope>): Promise<void> {
      const { entropy } = await entropyOf(userId)
      try {
        const keys = deriveWalletKeys(entropy)
        const same = sameAccounts(keys.accounts, wallet)
        wipe(keys)
        if (!same) throw new FrameFailure('WALLET_MISMATCH', 'The key shares do not rebuild this account\'s wallet')
        const shares = await splitEntropy(entropy)
        const envelope = await protect(shares.recovery)
        await api.protectRecovery(shares.auth, envelope)
        device.write(userId, shares.device)
      } finally {
        entropy.fill(0)
      }
    },

    /** Rebuilds the keys for one operation, then forgets them. */
    async withKeys<T>(userId: string, wallet: AuthAccounts, use: (keys: WalletKeys) => Promise<T>): Promise<T> {
      const keys = await rebuild(userId, wallet)
      try {
        return await use(keys)
      } finally {
        wipe(keys)
      }
    },
  }
}

export type Keyring = ReturnType<typeof createKeyring>
