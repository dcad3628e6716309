/** Every stylesheet under ui/, theme first, in the order portico/styles.css concatenates them. */
export function uiStylesheets(): string[]
/** The text of portico/styles.css. */
export function porticoStylesheet(): string
