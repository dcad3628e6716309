import { formatEther, hexToString, isHex } from 'viem'
import { stacksMemoOf } from './stacksMemoOf.js'

/** One labelled line of a request's summary. */
export type WalletRequestRow = { label: string; value: string }

const maxShown = 2_000

function clip(text: string): string {
  return text.length > maxShown ? `${text.slice(0, maxShown)}… (${text.length - maxShown} more characters)` : text
}

/** Shows hex as UTF-8 text when it decodes to printable text, else the hex itself. */
function readableMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/.test(text)) return text
  } catch {
    // not UTF-8
  }
  return message
}

/**
 * Turns a WalletConnect session request into labelled lines a person can read before approving:
 * the message of a `personal_sign`, the recipient, amount and data of a transaction. Values are
 * plain text (the page renders them with `textContent`), clipped to a readable length.
 *
 * @param method the JSON-RPC method
 * @param params its params as the dapp sent them
 * @returns the rows to show
 * @example
 * describeWalletRequest('personal_sign', ['0x68656c6c6f', '0xf39F…'])
 * // [{ label: 'Message', value: 'hello' }, { label: 'Account', value: '0xf39F…' }]
 */
export function describeWalletRequest(method: string, params: unknown): WalletRequestRow[] {
  const list = Array.isArray(params) ? params : []
  if (method === 'personal_sign') {
    const [message, address] = list
    return [
      { label: 'Message', value: clip(typeof message === 'string' ? readableMessage(message) : JSON.stringify(message) ?? '') },
      { label: 'Account', value: String(address ?? '') },
    ]
  }
  if (method === 'eth_sendTransaction') {
    const tx = (list[0] ?? {}) as Record<string, unknown>
    const rows: WalletRequestRow[] = [
      { label: 'From', value: String(tx.from ?? '') },
      { label: 'To', value: tx.to ? String(tx.to) : '(contract creation)' },
    ]
    let value = '0 ETH'
    if (typeof tx.value === 'string' && isHex(tx.value)) {
      try {
        value = `${formatEther(BigInt(tx.value))} ETH`
      } catch {
        value = tx.value
      }
    }
    rows.push({ label: 'Value', value })
    const data = tx.data ?? tx.input
    if (typeof data === 'string' && data !== '0x') rows.push({ label: 'Data', value: clip(data) })
    return rows
  }
  if (method === 'eth_signTypedData_v4') {
    const [address, typed] = list
    return [
      { label: 'Account', value: String(address ?? '') },
      { label: 'Typed data', value: clip(typeof typed === 'string' ? typed : JSON.stringify(typed) ?? '') },
    ]
  }
  if (method === 'cosmos_signAmino' || method === 'cosmos_signDirect') return describeCosmosRequest(method, params)
  if (method === 'sendTransfer' || method === 'signMessage' || method === 'signPsbt') return describeBitcoinRequest(method, params)
  if (method === 'polkadot_signMessage' || method === 'polkadot_signTransaction') {
    const { address, message, transactionPayload } = (params ?? {}) as { address?: unknown; message?: unknown; transactionPayload?: { method?: unknown; nonce?: unknown; genesisHash?: unknown } }
    const rows: WalletRequestRow[] = [{ label: 'Account', value: String(address ?? '') }]
    if (method === 'polkadot_signMessage') rows.push({ label: 'Message', value: clip(String(message ?? '')) })
    else rows.push({ label: 'Call', value: clip(String(transactionPayload?.method ?? '')) }, { label: 'Nonce', value: String(Number.parseInt(String(transactionPayload?.nonce ?? ''), 16)) }, { label: 'Genesis', value: clip(String(transactionPayload?.genesisHash ?? '')) })
    return rows
  }
  if (method === 'stx_transferStx' || method === 'stx_signMessage' || method === 'stx_signTransaction' || method === 'stx_callContract' || method === 'stx_deployContract') return describeStacksRequest(method, params)
  if (method === 'sui_signPersonalMessage' || method === 'sui_signTransaction' || method === 'sui_signAndExecuteTransaction') return describeSuiRequest(method, params)
  return [{ label: 'Params', value: clip(JSON.stringify(params) ?? 'none') }]
}

/** A Cosmos signing request: the signer and, for an ADR-36 amino doc (a message signature), the message itself. */
function describeCosmosRequest(method: string, params: unknown): WalletRequestRow[] {
  const { signerAddress, signDoc } = (params ?? {}) as { signerAddress?: unknown; signDoc?: Record<string, unknown> }
  const rows: WalletRequestRow[] = [{ label: 'Signer', value: String(signerAddress ?? '') }]
  const msgs = Array.isArray(signDoc?.msgs) ? (signDoc.msgs as { type?: unknown; value?: { data?: unknown } }[]) : []
  const data = msgs[0]?.type === 'sign/MsgSignData' && typeof msgs[0].value?.data === 'string' ? msgs[0].value.data : undefined
  if (method === 'cosmos_signAmino' && msgs.length === 1 && data !== undefined) {
    let message = data
    try {
      message = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)))
    } catch {
      // not base64 UTF-8: show it as sent
    }
    return [...rows, { label: 'Message (ADR-36)', value: clip(message) }]
  }
  return [...rows, { label: 'Sign doc', value: clip(JSON.stringify(signDoc) ?? 'none') }]
}

/** A Bitcoin request (WalletConnect bip122): the recipient and amount of a transfer, the message to sign, the inputs of a PSBT. */
function describeBitcoinRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  const rows: WalletRequestRow[] = [{ label: 'Account', value: String(p.account ?? '') }]
  if (method === 'sendTransfer') {
    const sats = typeof p.amount === 'string' && /^\d{1,16}$/.test(p.amount) ? BigInt(p.amount) : undefined
    const btc = sats === undefined ? String(p.amount ?? '') : `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')} BTC (${sats} sats)`
    return [...rows, { label: 'To', value: String(p.recipientAddress ?? '') }, { label: 'Amount', value: btc }]
  }
  if (method === 'signMessage') return [...rows, { label: 'Message', value: clip(typeof p.message === 'string' ? p.message : JSON.stringify(p.message) ?? '') }]
  return [...rows, { label: 'Inputs to sign', value: clip(JSON.stringify(p.signInputs) ?? '') }, { label: 'PSBT', value: clip(String(p.psbt ?? '')) }]
}

/** A Stacks request (WalletConnect stacks): the recipient, amount and fee of a transfer in STX and µSTX, a contract call's contract, post conditions and memo, a deploy's contract and code, the message or the transaction to sign. */
function describeStacksRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  const stx = (value: unknown) => {
    if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return String(value ?? '')
    const ustx = BigInt(value)
    return `${ustx / 1_000_000n}.${(ustx % 1_000_000n).toString().padStart(6, '0')} STX (${ustx} µSTX)`
  }
  const rows: WalletRequestRow[] = [{ label: 'Account', value: String(p.sender ?? p.address ?? '') }]
  if (method === 'stx_transferStx') {
    return [...rows, { label: 'To', value: String(p.recipient ?? '') }, { label: 'Amount', value: stx(p.amount) }, ...(p.fee !== undefined ? [{ label: 'Fee', value: stx(p.fee) }] : []), ...(typeof p.memo === 'string' ? [{ label: 'Memo', value: clip(p.memo) }] : [])]
  }
  if (method === 'stx_signMessage') return [...rows, { label: 'Message', value: clip(typeof p.message === 'string' ? p.message : JSON.stringify(p.message) ?? '') }]
  if (method === 'stx_callContract') {
    const memo = stacksMemoOf(method, params)
    return [...rows, { label: 'Contract', value: `${String(p.contract ?? '')} ${String(p.functionName ?? '')}` }, { label: 'Post conditions', value: clip(JSON.stringify(p.postConditions ?? []) ?? '') }, ...(p.fee !== undefined ? [{ label: 'Fee', value: stx(p.fee) }] : []), ...(memo ? [{ label: 'Memo', value: memo }] : [])]
  }
  if (method === 'stx_deployContract') return [...rows, { label: 'Contract', value: `${String(p.sender ?? p.address ?? '')}.${String(p.name ?? '')}` }, { label: 'Code', value: clip(String(p.clarityCode ?? '')) }]
  return [...rows, { label: 'Transaction', value: clip(String(p.transaction ?? '')) }, ...(p.broadcast === true ? [{ label: 'Broadcast', value: 'yes, once signed' }] : [])]
}

/**
 * A Sui request (WalletConnect sui): the message to sign, or a transaction's sender, its commands
 * in order and its gas budget when TransactionData JSON carries them (base64 BCS is shown as sent).
 */
function describeSuiRequest(method: string, params: unknown): WalletRequestRow[] {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  const rows: WalletRequestRow[] = [{ label: 'Account', value: String(p.address ?? '') }]
  if (method === 'sui_signPersonalMessage') return [...rows, { label: 'Message', value: clip(typeof p.message === 'string' ? p.message : JSON.stringify(p.message) ?? '') }]
  const transaction = typeof p.transaction === 'string' ? p.transaction : ''
  let data: { sender?: unknown; commands?: unknown; gasData?: { budget?: unknown } } | undefined
  try {
    data = transaction.trimStart().startsWith('{') ? (JSON.parse(transaction) as typeof data) : undefined
  } catch {
    data = undefined
  }
  const commands = Array.isArray(data?.commands) ? (data.commands as unknown[]).map((c) => (typeof c === 'object' && c !== null ? (Object.keys(c).find((k) => k !== '$kind') ?? '?') : '?')) : undefined
  return [
    ...rows,
    ...(data ? [{ label: 'Sender', value: String(data.sender ?? '(the account)') }] : []),
    ...(commands ? [{ label: 'Commands', value: clip(commands.join(', ')) }] : []),
    ...(data ? [{ label: 'Gas budget', value: typeof data.gasData?.budget === 'string' ? `${data.gasData.budget} MIST` : 'set by this wallet' }] : []),
    { label: 'Transaction', value: clip(transaction) },
  ]
}
