// The demo's cosmos "Your own transaction": a MsgSend with a memo that the site builds and broadcasts
// with CosmJS (sendTokensWithCosmJs.ts, the example of docs/plugins/cosmos.md), signed in the
// visitor's wallet through `useSigner('cosmos')`, whichever connector holds the connection (an
// extension, a persona, WalletConnect). Loaded with CosmJS when a Cosmos account is connected.
import { useState, type FormEvent } from 'react'
import type { CosmosNetwork } from 'portico/cosmos'
import { useNetwork, useSigner } from 'portico/react'
import { sendTokensWithCosmJs } from './sendTokensWithCosmJs.js'

/** A decimal amount in base units (`'0.01'` with 6 decimals: `'10000'`), or undefined when it is not one. */
function baseUnits(amount: string, decimals: number): string | undefined {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(amount.trim())
  if (!match || (match[2]?.length ?? 0) > decimals) return undefined
  const units = BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0')
  return units > 0n ? units.toString() : undefined
}

export default function CosmosTransaction() {
  const { signer } = useSigner('cosmos')
  const { network } = useNetwork()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.01')
  const [memo, setMemo] = useState('Hello from CosmJS')
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const chain = (network as CosmosNetwork | undefined)?.cosmos

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!signer || !network || !chain) return
    const units = baseUnits(amount, network.nativeCurrency.decimals)
    if (!units) {
      setStatus(`Not sent: the amount must be a positive number of ${network.nativeCurrency.symbol} with at most ${network.nativeCurrency.decimals} decimals`)
      return
    }
    setBusy(true)
    setStatus('Waiting for the wallet…')
    try {
      // The chain's CometBFT RPC through the sandbox server's Cosmos proxy (the URL of its REST gateway too).
      const rpcUrl = `${window.location.origin}/v1/cosmos/demo/${network.caipNetworkId}`
      const result = await sendTokensWithCosmJs({ signer, rpcUrl, to: to.trim(), amount: { denom: chain.denom, amount: units }, memo, gasPrice: `${chain.gasPrice}${chain.denom}` })
      setStatus(`Included in block ${result.height}: ${result.transactionHash}`)
    } catch (error: unknown) {
      // The visitor's no is Portico's ProviderRpcError with code 4001, whatever the wallet; the chain's
      // refusal is CosmJS's error, with the chain's code and log.
      const { code, shortMessage, message } = (error ?? {}) as { code?: unknown; shortMessage?: string; message?: string }
      setStatus(code === 4001 ? 'Rejected in the wallet (code 4001)' : `Not sent: ${shortMessage ?? message ?? String(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit}>
      <label>
        Recipient <input value={to} onChange={(e) => setTo(e.target.value)} placeholder={`${chain?.bech32Prefix ?? 'cosmos'}1…`} required spellCheck={false} />
      </label>
      <label>
        Amount ({network?.nativeCurrency.symbol ?? ''}) <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required />
      </label>
      <label>
        Memo <input value={memo} onChange={(e) => setMemo(e.target.value)} />
      </label>
      <button type="submit" disabled={!signer || !chain || busy}>
        Sign and broadcast with CosmJS
      </button>
      <p role="status" className="mono wrap">
        {status}
      </p>
    </form>
  )
}
