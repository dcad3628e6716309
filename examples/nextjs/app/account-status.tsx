'use client'
import { useAccount } from 'portico/react'

/** A line under the buttons: what `useAccount` says. */
export function AccountStatus() {
  const { address, isConnected } = useAccount()
  return <p data-testid="account-status">{isConnected ? `Connected: ${address}` : 'Not connected'}</p>
}
