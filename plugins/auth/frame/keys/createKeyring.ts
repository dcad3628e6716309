import type { AuthAccounts } from '../../protocol.js'
import type { AuthApi, MeAnswer, WalletRecord } from '../api/createAuthApi.js'
import { FrameFailure } from '../errors.js'
import type { DeviceShare } from './deviceShare.js'
import { deriveWalletKeys, sameAccounts, type WalletKeys } from './deriveWalletKeys.js'
import { combineShares, splitEntropy } from './shares.js'

/** Draws the entropy of a new wallet (16 bytes; `crypto.getRandomValues` in the browser). */
export type DrawEntropy = () => Uint8Array

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
  /** Rebuilds the keys of `wallet` for `userId`; fails WALLET_MISMATCH (and keeps nothing) when the shares derive other addresses. */
  async function rebuild(userId: string, wallet: AuthAccounts): Promise<WalletKeys> {
    const deviceShare = device.read(userId)
    const [first, second] = deviceShare ? [deviceShare, await api.authShare()] : await Promise.all([api.authShare(), api.recoveryShare()])
    let entropy: Uint8Array
    try {
      entropy = await combineShares(first, second)
    } catch (error) {
      if (deviceShare) device.drop()
      throw error
    }
    let keys: WalletKeys
    try {
      keys = deriveWalletKeys(entropy)
    } catch (error) {
      if (deviceShare) device.drop()
      throw error
    } finally {
      entropy.fill(0)
    }
    if (!sameAccounts(keys.accounts, wallet)) {
      wipe(keys)
      // A device share that rebuilds another wallet is of no use: the next login recovers instead.
      if (deviceShare) device.drop()
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
    async open(me: MeAnswer): Promise<AuthAccounts> {
      let wallet: WalletRecord | undefined = me.wallet
      if (!wallet) {
        const created = await create(me)
        if (created) return created
        // 409: someone else created it. Read it back and continue as an existing wallet.
        wallet = (await api.me()).wallet
        if (!wallet) throw new FrameFailure('SERVER_ERROR', 'The server reported a wallet it does not return')
      }
      wipe(await rebuild(me.user.id, wallet))
      return { eip155: wallet.eip155, solana: wallet.solana }
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
