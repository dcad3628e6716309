import type { Locator, Page } from 'playwright-core'

/** The demo's header, where Portico's page buttons sit (`<nav aria-label="Wallet">`: the network and account buttons). */
export const header = (page: Page): Locator => page.getByRole('navigation', { name: 'Wallet' })

/** Portico's modal, whichever view it shows (`data-view` names the view). */
export const dialog = (page: Page): Locator => page.getByRole('dialog')
