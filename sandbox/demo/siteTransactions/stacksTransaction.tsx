// The demo's "Your own transaction" on stacks (issue 47): a SIP-010 `transfer` of the sandbox's pUSD that
// the site builds with @stacks/transactions (Clarity values and a deny-mode post condition) and the
// connected wallet signs through `useSigner('stacks')`, whatever connector holds the connection
// (an extension such as Leather, or WalletConnect). Its outcome is read back from the chain's API.
// docs/plugins/stacks.md, "Sign your own transactions", shows this code.
import { useEffect, useState } from 'react'
import { useSigner } from 'portico/react'
import { stacksLocalnet } from 'portico/stacks'
import { Cl, Pc } from '@stacks/transactions'

/** The Stacks API the site reads (the Portico server's proxy of the sandbox chain). */
const api = `${window.location.origin}/v1/stacks/demo/${stacksLocalnet.caipNetworkId}`

/** A decimal amount of a 6-decimal token in base units, or undefined. */
function toUnits(amount: string): bigint | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(amount.trim())
  return match ? BigInt(match[1] as string) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0')) : undefined
}

/** Follows a transaction on the Stacks API until a block has it (for two minutes at most): its status, result and block height. */
async function waitForBlock(txid: string): Promise<{ tx_status: string; block_height?: number; tx_result?: { repr: string } }> {
  for (let tries = 0; tries < 240; tries++) {
    const response = await fetch(`${api}/extended/v1/tx/0x${txid}`)
    const tx = (await response.json()) as { tx_status: string; block_height?: number; tx_result?: { repr: string } }
    if (response.ok && tx.tx_status !== 'pending') return tx
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { tx_status: 'still pending after two minutes' }
}

/** Sends pUSD with the site's own SIP-010 contract call, signed by the connected Stacks wallet. */
export default function StacksTransaction() {
  const { signer } = useSigner('stacks')
  // The token's contract id (`<deployer>.portico-usd`), as the sandbox lists it.
  const [token, setToken] = useState<string>()
  const [recipient, setRecipient] = useState('')
  const [amount, setAmount] = useState('1.5')
  const [outcome, setOutcome] = useState('')
  useEffect(() => {
    void fetch('/sandbox.json')
      .then((response) => response.json() as Promise<{ chains: { caipNetworkId: string; tokens: { address: string }[] }[] }>)
      .then(({ chains }) => setToken(chains.find((chain) => chain.caipNetworkId === stacksLocalnet.caipNetworkId)?.tokens[0]?.address.split('::')[0]))
  }, [])

  async function transfer() {
    if (!signer || !token) return
    const units = toUnits(amount)
    if (units === undefined || units <= 0n) return setOutcome('Enter an amount of pUSD, at most 6 decimals')
    setOutcome('Waiting for the wallet…')
    try {
      const sender = signer.getAddress()
      const { txid } = await signer.callContract({
        contract: token,
        functionName: 'transfer',
        functionArgs: [Cl.uint(units), Cl.principal(sender), Cl.principal(recipient.trim()), Cl.none()],
        // Deny mode: the transaction aborts unless the sender sends exactly this much pUSD.
        postConditions: [Pc.principal(sender).willSendEq(units).ft(token as `${string}.${string}`, 'portico-usd')],
        postConditionMode: 'deny',
      })
      setOutcome(`Sent 0x${txid}, waiting for its block…`)
      const tx = await waitForBlock(txid)
      setOutcome(tx.tx_status === 'success' ? `Confirmed in block ${tx.block_height}: 0x${txid}` : `Failed on chain (${tx.tx_status}, ${tx.tx_result?.repr}): 0x${txid}`)
    } catch (error) {
      const { code, shortMessage, message } = error as { code?: unknown; shortMessage?: string; message?: string }
      setOutcome(code === 4001 ? 'Rejected in the wallet' : `Not sent: ${shortMessage ?? message ?? String(error)}`)
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void transfer()
      }}
    >
      <label>
        Recipient <input value={recipient} onChange={(event) => setRecipient(event.target.value)} placeholder="ST…" spellCheck={false} required />
      </label>
      <label>
        Amount (pUSD) <input value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" required />
      </label>
      <button type="submit" disabled={!signer || !token}>
        Transfer pUSD (SIP-010 contract call)
      </button>
      <p role="status" className="mono wrap">
        {outcome}
      </p>
    </form>
  )
}
