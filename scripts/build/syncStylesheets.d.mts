import type { StylesheetPiece } from './uiStylesheets.mjs'
/** The text of the module that ships `piece`. */
export function stylesheetModule(piece: StylesheetPiece): string
/** The modules whose text differs from what the stylesheets give (all written unless `check`). */
export function syncStylesheets(options?: { check?: boolean }): string[]
