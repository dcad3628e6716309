// The Unisat persona (bip122): `window.unisat` as Unisat's extension injects it, speaking its page
// provider's dialect with the sandbox's regtest keys. Facts and sources: docs/wallets/unisat.md.
import { exposeBitcoinPersonaActions } from '../../bitcoinWallet/bitcoinPersonaActions.js'
import { createBitcoinPersonaKit } from '../../bitcoinWallet/createBitcoinPersonaKit.js'
import { registerPersona } from '../registerPersona.js'
import { createUnisatDialect, unisatError } from './createUnisatDialect.js'

const id = 'bip122/unisat'
const kit = createBitcoinPersonaKit({
  storageKey: 'portico-persona:bip122/unisat:site',
  rejection: () => unisatError(4001, 'User rejected the request.'),
  accounts: () => [dialect.current().address],
  onDisconnect: () => dialect.disconnectSite(),
})
// `accountsChanged` carries the exposed addresses (`[]` once the site is disconnected).
const dialect = createUnisatDialect(kit, { accountEvents: (addresses) => [['accountsChanged', addresses]] })

// Unisat defines `window.unisat` (and `window.unisat_wallet`) read-only, unless another wallet already holds it read-only.
for (const name of ['unisat', 'unisat_wallet']) {
  const descriptor = Object.getOwnPropertyDescriptor(window, name)
  if (!descriptor || descriptor.writable) {
    if (!descriptor || descriptor.configurable) Object.defineProperty(window, name, { value: dialect.provider, writable: false })
    else (window as unknown as Record<string, unknown>)[name] = dialect.provider
  } else console.warn(`Portico sandbox: window.${name} is held by another wallet; the Unisat persona is not installed there`)
}
window.dispatchEvent(new Event('unisat#initialized'))

exposeBitcoinPersonaActions(id, {
  switchAccount: () => dialect.setAddressType(dialect.current().type === 'p2wpkh' ? 'p2tr' : 'p2wpkh'),
  disconnectSite: () => dialect.disconnectSite(),
})
registerPersona(id, kit.control, { name: 'Unisat', account: `${dialect.current().address.slice(0, 8)}…${dialect.current().address.slice(-4)} (its address type is switchable)`, network: 'Network: Bitcoin regtest' })
