import { base64 } from '@scure/base'

/** The Stacks dev wallet's icon. */
export const stacksDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#5546ff"/><path d="M8 11h16M8 21h16M12 6l4 5 4-5M12 26l4-5 4 5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  ),
)}`

/** The WBIP004 entry the dev wallet adds to `window.wbip_providers` (its `id` is its provider's path on `window`). */
export const stacksDevWalletEntry = { id: 'PorticoStacksDevWallet', name: 'Portico Dev Wallet (Stacks)', icon: stacksDevWalletIcon, webUrl: 'http://127.0.0.1/', methods: ['getAddresses', 'stx_getAddresses', 'stx_signMessage', 'stx_transferStx', 'stx_callContract', 'stx_deployContract', 'stx_signTransaction'] } as const
