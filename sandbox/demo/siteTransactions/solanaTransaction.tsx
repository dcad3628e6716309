import { useState, type FormEvent } from 'react'
import { useNetwork, useSigner } from 'portico/react'
import { sendTokenWithMemo } from './sendTokenWithMemo.js'

/** The sandbox's SPL token, Portico USD (sandbox/solana/fundSolanaDevAccounts.ts): the same mint on every start. */
const pusdMint = '3qSYR2We8Lnf9xRrwWrqjkjNEbmZcAvSFsdVNkatKQQx'
const pusdDecimals = 6

/** "1.5" pUSD in base units, or undefined for anything that is not a positive amount with at most 6 decimals. */
function pusdUnits(text: string): bigint | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim())
  if (!match) return undefined
  const units = BigInt(match[1]!) * 10n ** BigInt(pusdDecimals) + BigInt((match[2] ?? '').padEnd(pusdDecimals, '0'))
  return units > 0n ? units : undefined
}

/**
 * The solana "Your own transaction": pUSD to a recipient with a memo, in one transaction the site
 * builds with @solana/kit (`sendTokenWithMemo`, the docs' example) and the connected wallet signs
 * and sends through `useSigner('solana')`, whatever connector holds the connection; the outcome,
 * once confirmed, in a status line.
 */
export default function SolanaTransaction() {
  const { signer } = useSigner('solana')
  const { network } = useNetwork()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('1')
  const [memo, setMemo] = useState('Portico demo order')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState('')
  const rpcUrl = network?.chainNamespace === 'solana' ? network.rpcUrls.default.http[0] : undefined

  async function submit(event: FormEvent) {
    event.preventDefault()
    const units = pusdUnits(amount)
    if (!signer || !rpcUrl) return setOutcome('Failed: connect a Solana account first')
    if (units === undefined) return setOutcome('Failed: the amount must be a positive number of pUSD with at most 6 decimals')
    setBusy(true)
    setOutcome('Waiting for the wallet…')
    try {
      const signature = await sendTokenWithMemo({ signer, rpcUrl, mint: pusdMint, to: to.trim(), amount: units, memo })
      setOutcome(`Confirmed: ${signature}`)
    } catch (error) {
      setOutcome(`Failed: ${((error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? String(error)).split('\n')[0]}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit}>
      <label>
        Recipient <input name="recipient" value={to} onChange={(e) => setTo(e.target.value)} required spellCheck={false} autoComplete="off" />
      </label>
      <label>
        Amount (pUSD) <input name="amount" value={amount} onChange={(e) => setAmount(e.target.value)} required inputMode="decimal" />
      </label>
      <label>
        Memo <input name="memo" value={memo} onChange={(e) => setMemo(e.target.value)} maxLength={200} />
      </label>
      <button type="submit" disabled={busy || !signer}>
        Send pUSD with a memo
      </button>
      <p role="status">{outcome}</p>
    </form>
  )
}
