/** Every stylesheet under ui/, theme first, in the order portico/styles.css concatenates them. */
export function uiStylesheets(): string[]
/** The text of portico/styles.css. */
export function porticoStylesheet(): string
/** Adds themeMode 'system': the dark block again inside @media (prefers-color-scheme: dark). */
export function withSystemTheme(css: string): string
