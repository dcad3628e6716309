'use client'
import { useAccount } from 'portico/react'

/** A line under the buttons: what `useAccount` says (a returning visitor's account is restoring until the wallet confirms it). */
export function AccountStatus() {
  const { address, isConnected, isConnecting } = useAccount()
  return <p data-testid="account-status">{isConnected ? `Connected: ${address}` : isConnecting && address ? `Restoring: ${address}` : 'Not connected'}</p>
}
