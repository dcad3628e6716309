// The sandbox's Safe{Wallet}: /sandbox/safe?safe=<address>&chainId=<CAIP-2> embeds the demo site
// (another origin: http://localhost:<PORT>/?safeApp=1), or with `&app=<URL>` a Safe App of your own
// on a loopback origin, and answers it the Safe Apps protocol, with
// a queue of pending Safe transactions the dev owners sign and execute (docs/guides/smart-accounts.md §5).
import { type Address, createPublicClient, createWalletClient, defineChain, formatEther, formatUnits, getAddress, http, isAddress, parseAbi } from 'viem'

import type { SandboxChainInfo } from '../chains/SandboxChain.js'
import { devAccount, devAddresses } from '../devnets/devAccounts.js'
import { SafeAppsHostError, type SafeAppsRequest, listenSafeApps } from './safeAppsHost.js'
import { safeAppUrl } from './safeAppUrl.js'
import { safeTxTypedData } from './safeTx.js'
import { type SafeTxQueue, createSafeTxQueue, parseSendTransactions } from './safeTxQueue.js'

const safeAbi = parseAbi([
  'function nonce() view returns (uint256)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)',
])
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])
/** Read methods the host forwards for `rpcCall` (the app's own writes go through `sendTransactions`). */
const rpcReads = new Set(['eth_blockNumber', 'eth_call', 'eth_chainId', 'eth_estimateGas', 'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getCode', 'eth_getLogs', 'eth_getStorageAt', 'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_maxPriorityFeePerGas', 'eth_feeHistory', 'net_version'])

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`

async function main() {
  const query = new URLSearchParams(location.search)
  const info = (await (await fetch('/sandbox.json')).json()) as { chains: (SandboxChainInfo & { rpcUrl: string })[] }
  const caipNetworkId = query.get('chainId') ?? 'eip155:31337'
  const chainInfo = info.chains.find((c) => c.caipNetworkId === caipNetworkId && c.safe)
  if (!chainInfo?.safe) throw new Error(`No Safe on ${caipNetworkId.slice(0, 80)}`)
  const wanted = query.get('safe')
  const safeEntry = wanted ? chainInfo.safe.safes.find((s) => s.address.toLowerCase() === wanted.toLowerCase()) : chainInfo.safe.safes.find((s) => s.threshold === 2)
  if (!safeEntry || (wanted && !isAddress(wanted, { strict: false }))) throw new Error(`${String(wanted).slice(0, 80)} is not one of the sandbox's Safes on ${caipNetworkId}`)
  const safe = getAddress(safeEntry.address)
  const owners = safeEntry.owners.map((o) => getAddress(o))
  const chainId = Number(caipNetworkId.split(':')[1])
  const chain = defineChain({ id: chainId, name: chainInfo.name, nativeCurrency: chainInfo.nativeCurrency, rpcUrls: { default: { http: [chainInfo.rpcUrl] } } })
  const client = createPublicClient({ chain, transport: http(chainInfo.rpcUrl), pollingInterval: 200 })
  const keyOf = (owner: Address) => {
    const index = devAddresses.findIndex((a) => a.toLowerCase() === owner.toLowerCase())
    if (index < 0) throw new SafeAppsHostError(`The host holds no key of ${owner}`)
    return devAccount(index)
  }

  $('safe-address').textContent = safe
  $('safe-threshold').textContent = `${safeEntry.threshold} of ${owners.length}`
  $('safe-owners').textContent = owners.join(', ')
  const pUsd = chainInfo.tokens.find((t) => t.symbol === 'pUSD')
  const showBalances = async () => {
    const eth = await client.getBalance({ address: safe })
    const usd = pUsd ? await client.readContract({ address: pUsd.address as Address, abi: erc20, functionName: 'balanceOf', args: [safe] }) : undefined
    $('safe-balances').textContent = `${formatEther(eth)} ${chainInfo.nativeCurrency.symbol}${usd === undefined || !pUsd ? '' : ` · ${formatUnits(usd, pUsd.decimals)} pUSD`}`
  }
  await showBalances()

  let queue: SafeTxQueue
  const render = () => {
    const list = $('queue')
    list.replaceChildren()
    $('queue-empty').hidden = queue.items.length > 0
    for (const item of queue.items) {
      const li = document.createElement('li')
      li.dataset.safeTxHash = item.safeTxHash
      const head = document.createElement('div')
      head.textContent = item.calls.map((c) => `${formatEther(c.value)} ${chainInfo.nativeCurrency.symbol} → ${short(c.to)}${c.data !== '0x' ? ' (contract call)' : ''}`).join('; ') + ` · nonce ${item.tx.nonce}`
      const hash = document.createElement('code')
      hash.textContent = item.safeTxHash
      const status = document.createElement('div')
      status.setAttribute('role', 'status')
      status.className = 'status'
      status.textContent = `${item.status} · ${item.signatures.size} of ${safeEntry.threshold} signatures${item.txHash ? ` · ${item.txHash}` : ''}${item.error ? ` · ${item.error}` : ''}`
      li.append(head, hash, status)
      if (item.status === 'AWAITING_CONFIRMATIONS' || item.status === 'AWAITING_EXECUTION') {
        for (const owner of owners) {
          if (item.signatures.has(owner)) continue
          const button = document.createElement('button')
          button.type = 'button'
          button.textContent = `Sign as ${owner}`
          button.addEventListener('click', () => void queue.sign(item.safeTxHash, owner).catch(showError))
          li.append(button)
        }
      }
      if (item.status === 'AWAITING_EXECUTION') {
        const button = document.createElement('button')
        button.type = 'button'
        button.textContent = 'Execute'
        button.addEventListener('click', () => void queue.execute(item.safeTxHash).then(showBalances).catch(showError))
        li.append(button)
      }
      list.append(li)
    }
  }
  queue = createSafeTxQueue({
    safe,
    chainId,
    owners,
    threshold: safeEntry.threshold,
    multiSendCallOnly: getAddress(chainInfo.safe.multiSendCallOnly),
    readNonce: () => client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }),
    sign: (owner, tx) => keyOf(owner).signTypedData(safeTxTypedData({ safe, chainId, tx })),
    execute: async (owner, tx, signatures) => {
      const wallet = createWalletClient({ account: keyOf(owner), chain, transport: http(chainInfo.rpcUrl) })
      const txHash = await wallet.writeContract({
        address: safe,
        abi: safeAbi,
        functionName: 'execTransaction',
        args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
      })
      const receipt = await client.waitForTransactionReceipt({ hash: txHash })
      return { txHash, success: receipt.status === 'success' }
    },
    onChange: render,
  })
  render()

  const handle = async ({ method, params }: SafeAppsRequest): Promise<unknown> => {
    switch (method) {
      case 'getSafeInfo':
        return { safeAddress: safe, chainId, threshold: safeEntry.threshold, owners, isReadOnly: false }
      case 'getChainInfo':
        return {
          chainName: chainInfo.name,
          chainId: String(chainId),
          shortName: `devnet${chainId}`,
          nativeCurrency: { ...chainInfo.nativeCurrency, logoUri: '' },
          blockExplorerUriTemplate: { address: `${location.origin}/sandbox/explorer/${caipNetworkId}/address/{{address}}`, txHash: `${location.origin}/sandbox/explorer/${caipNetworkId}/tx/{{txHash}}`, api: '' },
        }
      case 'getEnvironmentInfo':
        return { origin: location.origin }
      case 'rpcCall': {
        const { call, params: args = [] } = (typeof params === 'object' && params !== null ? params : {}) as { call?: unknown; params?: unknown }
        if (typeof call !== 'string' || !rpcReads.has(call) || !Array.isArray(args)) throw new SafeAppsHostError(`rpcCall: ${String(call).slice(0, 60)} is not a read the host forwards`)
        return client.request({ method: call as 'eth_chainId', params: args as never })
      }
      case 'sendTransactions':
        return { safeTxHash: (await queue.propose(parseSendTransactions(params))).safeTxHash }
      case 'getTxBySafeTxHash': {
        const hash = (typeof params === 'object' && params !== null ? (params as { safeTxHash?: unknown }).safeTxHash : undefined) as unknown
        if (typeof hash !== 'string') throw new SafeAppsHostError('getTxBySafeTxHash expects { safeTxHash }')
        const item = queue.get(hash)
        const done = item.status === 'SUCCESS' || item.status === 'FAILED'
        return { safeAddress: safe, txId: `multisig_${safe}_${item.safeTxHash}`, txStatus: done ? item.status : 'AWAITING_CONFIRMATIONS', txHash: done ? item.txHash : null, safeTxHash: item.safeTxHash }
      }
      case 'signMessage':
      case 'signTypedMessage':
        throw new SafeAppsHostError('Message signing is not supported by the sandbox Safe host')
    }
  }

  // The demo by default; `?app=<URL>` frames a developer's own Safe App on a loopback origin instead.
  const app = safeAppUrl(query.get('app'), location)
  const iframe = $<HTMLIFrameElement>('safe-app')
  listenSafeApps({ appWindow: () => iframe.contentWindow, appOrigin: app.origin, handle })
  iframe.src = app.href
}

function showError(error: unknown) {
  const el = $('safe-error')
  el.hidden = false
  el.textContent = error instanceof Error ? error.message.split('\n')[0]! : String(error)
}

main().catch(showError)

