import { useState } from 'react'
import { useNetwork, useSigner } from 'portico/react'
import { signBip122SiteTransaction } from './signBip122SiteTransaction.js'

/** Regtest's address prefixes (`bcrt1…`), as `@scure/btc-signer` takes them. */
const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const memo = 'Hello from the Portico demo'

/**
 * The demo's Bitcoin "Your own transaction": a PSBT the site builds with `@scure/btc-signer` (two
 * UTXOs of the payment address, an `OP_RETURN` output carrying a memo, the change back), signed by
 * whichever wallet holds the connection through `useSigner('bip122')` and broadcast; the outcome
 * (the txid, or the typed error) in its status line.
 */
export default function Bip122Transaction() {
  const { signer } = useSigner('bip122')
  const { network } = useNetwork()
  const [result, setResult] = useState('')
  const esploraUrl = network?.rpcUrls.default.http[0]
  return (
    <>
      <button
        type="button"
        disabled={!signer || !esploraUrl}
        onClick={async () => {
          if (!signer || !esploraUrl) return
          setResult('Waiting for the wallet…')
          try {
            const { txid, inputs } = await signBip122SiteTransaction({ signer, esploraUrl, network: regtest, memo })
            setResult(`Broadcast ${txid} (${inputs} inputs, OP_RETURN "${memo}")`)
          } catch (error) {
            // A ProviderRpcError says whether the visitor said no (4001, WalletConnect's 5000); a BitcoinTransactionRejectedError carries the node's reason.
            const { name, shortMessage, code, isUserRejection } = error as { name?: string; shortMessage?: string; code?: unknown; isUserRejection?: boolean }
            setResult(`Not sent${isUserRejection ? ' (refused in the wallet)' : ''}: ${name ?? 'Error'}${typeof code === 'number' ? ` ${code}` : ''}: ${shortMessage ?? String(error)}`)
          }
        }}
      >
        Sign and broadcast the PSBT
      </button>
      <p role="status" className="mono wrap">
        {result}
      </p>
    </>
  )
}
