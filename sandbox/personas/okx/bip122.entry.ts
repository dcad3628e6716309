// The OKX Wallet persona (bip122): `window.okxwallet.bitcoin` as OKX Wallet's extension injects
// it: Unisat's dialect plus `connect()` and OKX's own `accountChanged` event, signing with the
// sandbox's regtest keys. Facts and sources: docs/wallets/okx.md (## Bitcoin).
import { bytesToHex } from '@noble/hashes/utils.js'
import { Transaction } from '@scure/btc-signer'
import { hex } from '@scure/base'
import { exposeBitcoinPersonaActions } from '../../bitcoinWallet/bitcoinPersonaActions.js'
import { createBitcoinPersonaKit } from '../../bitcoinWallet/createBitcoinPersonaKit.js'
import type { RegtestKeyringAccount } from '../../bitcoinWallet/createRegtestKeyring.js'
import { registerPersona } from '../registerPersona.js'
import { createUnisatDialect, unisatError } from '../unisat/createUnisatDialect.js'

const id = 'bip122/okx'
const kit = createBitcoinPersonaKit({
  storageKey: 'portico-persona:bip122/okx:site',
  rejection: () => unisatError(4001, 'User rejected the request.'),
  accounts: () => [dialect.current().address],
  onDisconnect: () => dialect.disconnectSite(),
})
/** OKX's address info: `publicKey` is the x-only key of a Taproot address, the compressed key otherwise; `compressedPublicKey` always the compressed one. */
const addressInfo = (account: RegtestKeyringAccount) => ({
  address: account.address,
  publicKey: bytesToHex(account.type === 'p2tr' ? account.publicKey.subarray(1) : account.publicKey),
  compressedPublicKey: bytesToHex(account.publicKey),
})
// `accountChanged` carries the new account's address info (null once the site is disconnected); `accountsChanged` the address list, as Unisat's.
const dialect = createUnisatDialect(kit, { accountEvents: (addresses, account) => [['accountChanged', account ? addressInfo(account) : null], ['accountsChanged', addresses]] })
const unisatSignPsbt = dialect.provider.signPsbt as (psbtHex: unknown, options?: unknown) => Promise<string>

const bitcoin = Object.freeze({
  ...dialect.provider,
  /** OKX's connect: prompts unless the site is connected; answers the current account's address info. */
  connect: () =>
    kit.request('connect', !kit.allowed(), () => {
      kit.setAllowed(true)
      return addressInfo(dialect.current())
    }),
  // OKX's docs: a Taproot input must carry its public key (tapInternalKey) in the PSBT to be signed.
  signPsbt: (psbtHex: unknown, options?: unknown) => {
    if (typeof psbtHex === 'string' && /^[0-9a-f]+$/i.test(psbtHex)) {
      try {
        const tx = Transaction.fromPSBT(hex.decode(psbtHex.toLowerCase()))
        const taproot = dialect.current().type === 'p2tr' ? bytesToHex(dialect.current().script) : undefined
        for (let i = 0; i < tx.inputsLength; i++) {
          const input = tx.getInput(i)
          if (taproot && input.witnessUtxo && bytesToHex(input.witnessUtxo.script) === taproot && !input.tapInternalKey) return Promise.reject(unisatError(-32603, `Taproot input ${i} has no public key (tapInternalKey)`))
        }
      } catch {
        // not a PSBT: the dialect answers it
      }
    }
    return unisatSignPsbt(psbtHex, options)
  },
})

// OKX's EVM provider is `window.okxwallet` itself: only `bitcoin` is added to it (a plain object when absent).
const page = window as unknown as { okxwallet?: Record<string, unknown> }
if ((typeof page.okxwallet !== 'object' && typeof page.okxwallet !== 'function') || page.okxwallet === null) page.okxwallet = {}
if (!('bitcoin' in page.okxwallet)) Object.defineProperty(page.okxwallet, 'bitcoin', { value: bitcoin, enumerable: true })

exposeBitcoinPersonaActions(id, {
  switchAccount: () => dialect.setAddressType(dialect.current().type === 'p2wpkh' ? 'p2tr' : 'p2wpkh'),
  disconnectSite: () => dialect.disconnectSite(),
})
const address = dialect.current().address
registerPersona(id, kit.control, { name: 'OKX Wallet', account: `${address.slice(0, 8)}…${address.slice(-4)} (its address type is switchable)`, network: 'Network: Bitcoin regtest' })
