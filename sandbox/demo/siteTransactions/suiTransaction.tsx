import { Transaction } from '@mysten/sui/transactions'
import { useState } from 'react'
import { useSigner } from 'portico/react'
import type { SuiSigner } from 'portico/sui'

/** A fresh address to pay (any 32 bytes are a Sui address): the test reads its balance back from the chain. */
function freshAddress(): string {
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

// begin docs example (docs/plugins/sui.md, "Sign your own transactions")
/** Pays two addresses in one programmable transaction: two coins split off the gas coin, one transferred to each. */
async function payTwo(signer: SuiSigner, [alice, bob]: readonly string[]) {
  const transaction = new Transaction()
  const [first, second] = transaction.splitCoins(transaction.gas, [100_000_000n, 50_000_000n])
  transaction.transferObjects([first!], alice!)
  transaction.transferObjects([second!], bob!)
  // The wallet sets the gas, signs, and the chain executes it; a failure on chain throws with its reason.
  const { digest } = await signer.signAndExecuteTransaction({ transaction })
  return digest
}
// end docs example

/**
 * The demo's Sui example of "Your own transaction" (issue 47): a transaction the site builds with
 * `@mysten/sui`, signed and executed through `useSigner('sui')` by whichever wallet holds the
 * connection (a Wallet Standard wallet, WalletConnect), its outcome in a status line.
 */
export default function SuiTransaction() {
  const { signer, error } = useSigner('sui')
  const [recipients] = useState(() => [freshAddress(), freshAddress()] as const)
  const [outcome, setOutcome] = useState('')
  return (
    <>
      <dl>
        <dt>0.1 SUI to</dt>
        <dd className="mono wrap">{recipients[0]}</dd>
        <dt>0.05 SUI to</dt>
        <dd className="mono wrap">{recipients[1]}</dd>
      </dl>
      <button
        type="button"
        disabled={!signer}
        onClick={async () => {
          if (!signer) return
          setOutcome('Waiting for the wallet…')
          try {
            setOutcome(`Executed ${await payTwo(signer, recipients)}`)
          } catch (failure) {
            const { shortMessage, details } = failure as { shortMessage?: string; details?: string }
            setOutcome(`Not executed: ${shortMessage ?? String(failure)}${details ? ` (${details})` : ''}`)
          }
        }}
      >
        Pay two addresses in one transaction
      </button>
      <p role="status" className="mono wrap">
        {error ? `No signer: ${error.message}` : outcome}
      </p>
    </>
  )
}
