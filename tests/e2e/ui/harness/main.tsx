import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './App.js'
import { createHarnessPortico } from './createHarnessPortico.js'

type HarnessWindow = Window & { porticoHarness?: unknown; harnessErrors: string[] }
const w = window as unknown as HarnessWindow
w.harnessErrors = []
const record = (kind: string) => (error: unknown) => {
  w.harnessErrors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`)
}

const params = new URLSearchParams(location.search)
const api = params.get('api') ?? location.origin
const theme = params.get('theme') === 'dark' ? 'dark' : 'light'
const accent = params.get('accent')
const blockchainApi = params.get('blockchainApi')
const { portico, wallet } = createHarnessPortico({ api, theme, installed: params.get('wallet') !== 'none', ...(blockchainApi ? { blockchainApi } : {}), ...(accent ? { themeVariables: { 'accent-strong': accent, '--portico-radius-modal': '4px' } } : {}) })
w.porticoHarness = { portico, wallet }

const root = document.getElementById('root') as HTMLElement
const options = { onRecoverableError: record('recoverable'), onUncaughtError: record('uncaught'), onCaughtError: record('caught') }
const app = params.get('strict') === '1' ? <StrictMode><App portico={portico} /></StrictMode> : <App portico={portico} />
if (root.hasChildNodes()) hydrateRoot(root, app, options)
else createRoot(root, options).render(app)
