export type StylesheetPiece = { name: string; files: string[]; module: string; exportName: string }
/** The page buttons' stylesheets (after the theme), in the order the `buttons` piece holds them. */
export const buttonsStylesheets: string[]
/** The pieces in cascade order: `buttons`, `modal`, then each plugin's with views. */
export function stylesheetPieces(): StylesheetPiece[]
/** Every stylesheet under ui/ and the plugins' views, in the order portico/styles.css concatenates them. */
export function uiStylesheets(): string[]
/** The text of one piece as the single file holds it. */
export function pieceText(piece: StylesheetPiece): string
/** Comments dropped and white space collapsed. */
export function minifyCss(css: string): string
/** The rule that marks the single file. */
export const singleFileMarker: string
/** The text of portico/styles.css. */
export function porticoStylesheet(): string
/** Adds themeMode 'system': the dark block again inside @media (prefers-color-scheme: dark). */
export function withSystemTheme(css: string): string
