// The wallet frame's browser entry (built to /auth/v1/frame.js; docs/guides/embedded-wallet.md §3):
// reads the page's configuration, waits for the site's connect and serves it over the port.
import { createConnectListener } from './connection/listenForConnect.js'
import { readFrameConfig } from './handler/FrameConfig.js'
import { createFrameHandler } from './handler/createFrameHandler.js'
import { createScreenApprover } from './approval/renderApprovalScreen.js'
import { watchScreenHeight } from './approval/watchScreenHeight.js'
import type { KeyValueStorage } from './utils/KeyValueStorage.js'

/** The wallet origin's localStorage; where the browser blocks it, a map that lives as long as the page. */
function frameStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage
    storage.getItem('portico-auth:session')
    return storage
  } catch {
    const entries = new Map<string, string>()
    return { getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value), removeItem: (key) => void entries.delete(key) }
  }
}

function start(): void {
  // The site's modal theme, so the approval and export screens match the modal they sit in (cosmetic only).
  const theme = new URLSearchParams(location.search).get('theme')
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme
  const node = document.getElementById('portico-frame-config')
  let config
  try {
    config = readFrameConfig(JSON.parse(node?.textContent ?? ''))
  } catch (error) {
    console.error('Portico wallet frame: no valid configuration', error)
    return
  }
  const handler = createFrameHandler({
    config,
    frameOrigin: location.origin,
    fetch: (input, init) => fetch(input, init),
    storage: frameStorage(),
    document,
    approver: createScreenApprover(document, window),
    ...(typeof navigator.credentials?.create === 'function' ? { credentials: navigator.credentials } : {}),
    hostname: location.hostname,
    // The site's choice (`auth({ messageApproval: 'skip' })`), for plain messages only.
    skipMessageApproval: new URLSearchParams(location.search).get('messageApproval') === 'skip',
    // The site's view grows to the screen's content (within the modal), so nothing is cut off.
    watchScreenHeight: (onHeight) => watchScreenHeight(document, window, onHeight),
  })
  // Only the page that embeds the frame may connect (a window that opened it, or any other, may not).
  window.addEventListener('message', createConnectListener({ allowedOrigins: config.allowedOrigins, server: handler, parent: window.parent === window ? null : window.parent }))
}

start()
