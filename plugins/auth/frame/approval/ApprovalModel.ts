/** One labelled line of the approval screen (`Recipient`, `0x70…79C8`). */
export type ApprovalRow = { label: string; value: string; mono?: boolean }

/**
 * What the approval screen shows for one request, in words a visitor reads: built in the frame
 * from the request itself and the chain (never from text the site supplies).
 */
export type ApprovalModel = {
  kind: 'message' | 'typedData' | 'transaction'
  /** The heading (`Sign a message`, `Send 0.01 ETH`). */
  title: string
  /** The site's origin that asked (the port's origin). */
  origin: string
  /** The network as the wallet knows it (`Chain 31337 (eip155:31337)`). */
  network: string
  /** A message's text, shown whole in a scrollable box. */
  message?: string
  rows: ApprovalRow[]
  /** Said in a warning box: what could not be decoded, or what deserves care. */
  warning?: string
}

/** The methods that sign or send: every one of them waits for the visitor's approval. */
export const approvalMethods: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
])

/** The plain-message methods a site may exempt from approval (`auth({ messageApproval: 'skip' })`); never typed data or transactions. */
export const plainMessageMethods: ReadonlySet<string> = new Set(['personal_sign', 'solana_signMessage'])
