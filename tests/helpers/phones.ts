// The phones the end-to-end files visit on (Playwright's context options): 390×844, touch, an
// iPhone's Safari or an Android's Chrome user agent (what the modal reads to choose a phone's layout
// and its wallet links).
import type { BrowserContextOptions } from 'playwright-core'

export const iPhone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
}

export const android: BrowserContextOptions = {
  ...iPhone,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
}
