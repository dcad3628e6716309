import { useState } from 'react'
import { useSigner } from 'portico/react'
import { createPublicClient, erc20Abi, formatUnits, http, isAddress, parseUnits } from 'viem'

/** pUSD, the sandbox's ERC-20 (6 decimals), at one address on both devnets (sandbox/README.md). */
const pusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
/** Dev account 1: the recipient until the visitor types another. */
const devAccount1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * The eip155 example of "Your own transaction" (docs/plugins/eip155.md, "Sign your own
 * transactions"): a pUSD `transfer` written with viem's `WalletClient` from the connected wallet's
 * signer, whatever connector holds the connection, then the receipt and both balances read back
 * from the chain.
 */
export default function Eip155Transaction() {
  const { signer } = useSigner('eip155')
  const [recipient, setRecipient] = useState(devAccount1)
  const [amount, setAmount] = useState('1.5')
  const [status, setStatus] = useState('')

  const transfer = async () => {
    if (!signer) return
    setStatus('Waiting for the wallet…')
    try {
      if (!isAddress(recipient)) throw new Error(`"${recipient}" is not an address`)
      const wallet = await signer.getWalletClient()
      const hash = await wallet.writeContract({ address: pusd, abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits(amount, 6)] })
      setStatus(`Sent ${hash}, waiting for the chain…`)
      // Reads go to the network's own RPC (here the sandbox server's proxy), not to the wallet.
      const chain = createPublicClient({ chain: wallet.chain, transport: http() })
      const receipt = await chain.waitForTransactionReceipt({ hash })
      const [mine, theirs] = await Promise.all(
        [wallet.account.address, recipient].map((owner) => chain.readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
      )
      setStatus(`Transfer ${receipt.status} in block ${receipt.blockNumber} (${hash}). pUSD on ${wallet.chain.name}: you ${formatUnits(mine!, 6)}, the recipient ${formatUnits(theirs!, 6)}`)
    } catch (error) {
      setStatus(`Not sent: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`)
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
        Recipient <input className="mono" value={recipient} onChange={(event) => setRecipient(event.target.value.trim())} spellCheck={false} autoComplete="off" />
      </label>{' '}
      <label>
        Amount (pUSD) <input value={amount} onChange={(event) => setAmount(event.target.value.trim())} inputMode="decimal" autoComplete="off" />
      </label>{' '}
      <button type="submit" disabled={!signer}>
        Transfer pUSD with viem
      </button>
      <p role="status" className="mono wrap">
        {status}
      </p>
    </form>
  )
}
