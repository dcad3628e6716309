/**
 * Named site scenarios: the code a site owner writes, bundled as their bundler would (react and
 * react-dom excluded: the site has them anyway). `eager` is what loads with the page; `total`
 * adds every lazily loaded chunk.
 */
export type Scenario = { name: string; code: string }

export const scenarios: Scenario[] = [
  {
    name: 'site: kernel alone',
    code: `import { createPortico } from 'portico'
export const make = (options) => createPortico(options)`,
  },
  {
    name: 'site: kernel + eip155 + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // A page without React of its own (docs/guides/web-components.md): React, the components and
    // the provider load with the first element, so its eager bytes are the kernel's and the plugin's.
    name: 'site: kernel + eip155 + web components',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { definePorticoElements } from 'portico/elements'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
definePorticoElements(createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155()] }))`,
  },
  {
    name: 'site: kernel + solana + react UI',
    code: `import { createPortico } from 'portico'
import { solana, solanaMainnet } from 'portico/solana'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [solanaMainnet], plugins: [solana()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + sui + react UI',
    code: `import { createPortico } from 'portico'
import { sui, suiMainnet } from 'portico/sui'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [suiMainnet], plugins: [sui()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + bip122 + react UI',
    code: `import { createPortico } from 'portico'
import { bip122, bitcoinMainnet } from 'portico/bip122'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [bitcoinMainnet], plugins: [bip122()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + swap + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { swap } from 'portico/swap'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), swap()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // The Account view's Send is a plugin (issue 27): what a site pays to offer it.
    name: 'site: kernel + eip155 + send + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { send } from 'portico/send'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), send()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // Smart accounts and EIP-5792 batches are a plugin (issue 27, fifth pass): what a site pays to use them.
    name: 'site: kernel + eip155 + calls + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { calls } from 'portico/calls'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), calls()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + onramp + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { onramp } from 'portico/onramp'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), onramp()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + names + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { names } from 'portico/names'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), names()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + email-capture + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { emailCapture } from 'portico/email-capture'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), emailCapture({ privacyPolicyUrl: 'https://example.com/privacy' })] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + solana + auth + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { solana, solanaMainnet } from 'portico/solana'
import { auth } from 'portico/auth'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet, solanaMainnet], plugins: [eip155(), solana(), auth({ walletOrigin: 'https://wallet.example.com', socials: ['google', 'github'] })] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + polkadot + react UI',
    code: `import { createPortico } from 'portico'
import { polkadot, polkadotAssetHub } from 'portico/polkadot'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [polkadotAssetHub], plugins: [polkadot()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + solana + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { solana, solanaMainnet } from 'portico/solana'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet, solanaMainnet], plugins: [eip155(), solana()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + cosmos + react UI',
    code: `import { createPortico } from 'portico'
import { cosmos, cosmosHub } from 'portico/cosmos'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [cosmosHub], plugins: [cosmos()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + stacks + react UI',
    code: `import { createPortico } from 'portico'
import { stacks, stacksMainnet } from 'portico/stacks'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const portico = createPortico({ projectId: 'demo', networks: [stacksMainnet], plugins: [stacks()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + walletconnect + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { walletConnect } from 'portico/walletconnect'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), walletConnect()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    name: 'site: kernel + eip155 + solana + ledger + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { solana, solanaMainnet } from 'portico/solana'
import { ledger } from 'portico/ledger'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet, solanaMainnet], plugins: [eip155(), solana(), ledger()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // A Safe App (issue 44): what a site pays to run framed by a Safe{Wallet} host.
    name: 'site: kernel + eip155 + safe + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { safe } from 'portico/safe'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), safe()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // Ledger on an EVM-only site (issue 44); the EVM + Solana one is above.
    name: 'site: kernel + eip155 + ledger + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { ledger } from 'portico/ledger'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), ledger()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // Sign-in with X (issue 44).
    name: 'site: kernel + eip155 + siwx + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { siwx } from 'portico/siwx'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), siwx()] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // Email and social login on an EVM-only site (issue 44); the EVM + Solana one is above.
    name: 'site: kernel + eip155 + auth + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { auth } from 'portico/auth'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), auth({ walletOrigin: 'https://wallet.example.com', socials: ['google', 'github'] })] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
  {
    // Every first-party connector and feature plugin on one EVM site (issue 44): each must stay behind load().
    name: 'site: kernel + eip155 + every connector and feature plugin + react UI',
    code: `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { walletConnect } from 'portico/walletconnect'
import { auth } from 'portico/auth'
import { ledger } from 'portico/ledger'
import { safe } from 'portico/safe'
import { siwx } from 'portico/siwx'
import { swap } from 'portico/swap'
import { send } from 'portico/send'
import { calls } from 'portico/calls'
import { onramp } from 'portico/onramp'
import { names } from 'portico/names'
import { emailCapture } from 'portico/email-capture'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:4701'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155(), walletConnect(), auth({ walletOrigin: 'https://wallet.example.com', socials: ['google', 'github'] }), ledger(), safe(), siwx(), swap(), send(), calls(), onramp(), names(), emailCapture({ privacyPolicyUrl: 'https://example.com/privacy' })] })
export const App = () => createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton))`,
  },
]
