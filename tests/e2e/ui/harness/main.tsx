import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { readRestoreHint, type PorticoOptions, type PorticoThemeVariables } from '../../../../kernel/kernel.js'
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
const themeParam = params.get('theme')
const theme = themeParam === 'dark' || themeParam === 'system' ? themeParam : 'light'
// A server-rendered returning visitor: the kernel keeps the restore cookie, and the page hydrates with the hint the server read from it.
const restoreCookie = params.get('restoreCookie') === '1'
const accent = params.get('accent')
// A whole theme, as JSON (the theming screenshots and tests); the kernel checks it like any site's.
const themeJson = params.get('themeVariables')
const themeVariables = themeJson ? (JSON.parse(themeJson) as PorticoThemeVariables) : accent ? { 'accent-strong': accent, '--portico-radius-modal': '4px' } : undefined
const blockchainApi = params.get('blockchainApi')
// The site's features as JSON (the legal checkbox, headless) and its terms URL.
const featuresJson = params.get('features')
const features = featuresJson ? (JSON.parse(featuresJson) as PorticoOptions['features']) : undefined
const termsConditionsUrl = params.get('terms') ?? undefined
const { portico, wallet } = createHarnessPortico({ api, theme, installed: params.get('wallet') !== 'none', ...(blockchainApi ? { blockchainApi } : {}), ...(themeVariables ? { themeVariables } : {}), ...(restoreCookie ? { restoreCookie } : {}), ...(features ? { features } : {}), ...(termsConditionsUrl ? { termsConditionsUrl } : {}) })
w.porticoHarness = { portico, wallet }

const root = document.getElementById('root') as HTMLElement
const options = { onRecoverableError: record('recoverable'), onUncaughtError: record('uncaught'), onCaughtError: record('caught') }
const restoreHint = restoreCookie ? readRestoreHint(document.cookie) : undefined
const page = <App portico={portico} restoreHint={restoreHint} />
const app = params.get('strict') === '1' ? <StrictMode>{page}</StrictMode> : page
if (root.hasChildNodes()) hydrateRoot(root, app, options)
else createRoot(root, options).render(app)
