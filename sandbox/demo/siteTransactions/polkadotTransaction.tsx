import { useState } from 'react'
import type { PolkadotChainSigner } from 'portico/polkadot'
import { useNetwork, useSigner } from 'portico/react'
import { sendPolkadotBatch } from './sendPolkadotBatch.js'

/** A decimal amount of the network's currency in its base units (planck). */
const units = (hundredths: bigint, decimals: number) => (hundredths * 10n ** BigInt(decimals)) / 100n

/**
 * The polkadot example of "Your own transaction": the site builds `Utility.batch_all` of two
 * `Balances.transfer_keep_alive` calls with polkadot-api's modules (sendPolkadotBatch.ts) and has
 * the connected wallet sign it through `useSigner('polkadot')`, an extension or WalletConnect alike;
 * its status line says which block holds it, or why the wallet or the chain said no.
 */
export default function PolkadotTransaction() {
  const { signer } = useSigner('polkadot')
  const { network } = useNetwork()
  const [receivers, setReceivers] = useState(['', ''])
  const [result, setResult] = useState('')
  const rpcUrl = network?.rpcUrls.default.http[0]
  if (!signer || !network || network.chainNamespace !== 'polkadot' || !rpcUrl) return null
  const { symbol, decimals } = network.nativeCurrency
  const amounts = [units(125n, decimals), units(75n, decimals)] as const
  const send = async (batchSigner: PolkadotChainSigner) => {
    setResult('Waiting for the wallet…')
    try {
      const { hash, blockNumber } = await sendPolkadotBatch({ signer: batchSigner, rpcUrl, transfers: receivers.map((to, i) => ({ to: to.trim(), amount: amounts[i]! })) })
      setResult(`Included in block #${blockNumber}: ${hash}`)
    } catch (error) {
      setResult(`Not sent: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? String(error)}`)
    }
  }
  return (
    <>
      <div className="lookup-fields">
        {['First receiver', 'Second receiver'].map((label, i) => (
          <label key={label}>
            {label}
            <input value={receivers[i]} spellCheck={false} autoComplete="off" onChange={(event) => setReceivers((current) => current.map((value, j) => (j === i ? event.target.value : value)))} />
          </label>
        ))}
      </div>
      <button type="button" onClick={() => void send(signer)}>
        Send 1.25 {symbol} and 0.75 {symbol} in one batch
      </button>
      <p role="status" className="mono wrap">
        {result}
      </p>
    </>
  )
}
