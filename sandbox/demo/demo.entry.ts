// Bundle entry of the demo site at / : shows the sandbox's chains (from the server's
// /v1/supported-chains), the dev accounts, and the wallets announced on the page by EIP-6963.
// In the next issue this page becomes a site owner's page with the Portico modal.

type SandboxInfo = {
  chains: { caipNetworkId: string; name: string; rpcUrl: string; nativeCurrency: { symbol: string } }[]
  accounts: string[]
}
type Eip6963Detail = { info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown }; provider?: unknown }

function byId(id: string): HTMLElement {
  const el = document.getElementById(id)
  if (!el) throw new Error(`demo: #${id} is missing`)
  return el
}

function card(title: string, lines: string[], icon?: string): HTMLLIElement {
  const li = document.createElement('li')
  if (icon) {
    const img = document.createElement('img')
    img.alt = ''
    img.src = icon
    li.append(img)
  }
  const body = document.createElement('div')
  const strong = document.createElement('strong')
  strong.textContent = title
  body.append(strong)
  for (const line of lines) {
    const span = document.createElement('span')
    span.textContent = line
    body.append(span)
  }
  li.append(body)
  return li
}

async function showChains(): Promise<void> {
  const status = byId('chains-status')
  try {
    const [supportedRes, infoRes] = await Promise.all([fetch('/v1/supported-chains'), fetch('/sandbox.json')])
    if (!supportedRes.ok) throw new Error(`/v1/supported-chains answered HTTP ${supportedRes.status}`)
    const supported = (await supportedRes.json()) as { http?: unknown }
    const info = (await infoRes.json()) as SandboxInfo
    const ids = Array.isArray(supported.http) ? supported.http.filter((x): x is string => typeof x === 'string') : []
    const list = byId('chains')
    list.replaceChildren(
      ...ids.map((id) => {
        const known = info.chains.find((c) => c.caipNetworkId === id)
        return card(known?.name ?? id, [id, known ? `Native: ${known.nativeCurrency.symbol}` : 'Served by the RPC proxy'])
      }),
    )
    status.textContent = `${ids.length} chains served by the Portico server's RPC proxy.`
    const accounts = byId('accounts')
    accounts.replaceChildren(
      ...info.accounts.map((a) => {
        const li = document.createElement('li')
        li.textContent = a
        return li
      }),
    )
  } catch (error) {
    status.textContent = `Could not load the chains: ${(error as Error).message}`
  }
}

function discoverWallets(): void {
  const seen = new Map<string, HTMLLIElement>()
  const list = byId('wallets')
  const status = byId('wallets-status')
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent<Eip6963Detail>).detail
    const info = detail?.info
    if (!info || typeof info.uuid !== 'string' || typeof info.name !== 'string' || typeof info.rdns !== 'string') return
    if (seen.has(info.uuid)) return
    // Only data: image URIs are shown (EIP-6963 requires them); anything else is dropped.
    const icon = typeof info.icon === 'string' && /^data:image\//.test(info.icon) ? info.icon : undefined
    const item = card(info.name, [info.rdns], icon)
    seen.set(info.uuid, item)
    list.append(item)
    status.textContent = `${seen.size} wallet${seen.size === 1 ? '' : 's'} announced.`
  })
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  setTimeout(() => {
    if (seen.size === 0) status.textContent = 'No wallet announced itself on this page.'
  }, 1_000)
}

discoverWallets()
void showChains()
