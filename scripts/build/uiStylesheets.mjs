// Every stylesheet of the modal, in pieces that follow the code (issue 50):
// - `buttons`: the theme contract and the page buttons' own styles (ConnectButton, NetworkButton,
//   AccountButton and what they draw: the spinner, the network icon; and the toast the provider
//   shows when the modal's code cannot be fetched), adopted by the light entry `portico/react`;
// - `modal`: every other ui/ component's and built-in view's styles, adopted by the modal (the UI
//   chunk);
// - one piece per plugin with views (plugins/<name>/views/**.css), adopted by its views.
// scripts/build/syncStylesheets.mjs writes each piece, minified, into a TypeScript module the code
// imports (ui/theme/buttonsStylesheet.ts, ui/theme/modalStylesheet.ts,
// plugins/<name>/views/viewsStylesheet.ts). dist/styles.css (`portico/styles.css`) is every piece
// in the same order, one file, for sites that prefer to link one stylesheet. Also used by the sandbox.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { cssEntry, root } from './entries.mjs'

/** The page buttons' stylesheets (after the theme), in the order the `buttons` piece holds them; Toasts for the provider's note. */
export const buttonsStylesheets = ['ui/components/AccountButton/AccountButton.css', 'ui/components/NetworkButton/NetworkButton.css', 'ui/components/Spinner/Spinner.css', 'ui/components/WalletIcon/WalletIcon.css', 'ui/components/Icon/Icon.css', 'ui/components/Toasts/Toasts.css']

function cssFiles(dir) {
  const found = []
  const walk = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name.endsWith('.css')) found.push(relative(root, full))
    }
  }
  if (existsSync(join(root, dir))) walk(join(root, dir))
  return found
}

/**
 * The pieces, in cascade order: `buttons`, `modal`, then each plugin's, by plugin name. Each is
 * `{ name, files, module }`: `module` is the generated TypeScript file that exports it.
 */
export function stylesheetPieces() {
  const ui = cssFiles('ui').filter((file) => file !== cssEntry.input && !buttonsStylesheets.includes(file))
  const pieces = [
    { name: 'buttons', files: [cssEntry.input, ...buttonsStylesheets], module: 'ui/theme/buttonsStylesheet.ts', exportName: 'buttonsStylesheet' },
    { name: 'modal', files: ui, module: 'ui/theme/modalStylesheet.ts', exportName: 'modalStylesheet' },
  ]
  const plugins = join(root, 'plugins')
  if (existsSync(plugins)) {
    for (const name of readdirSync(plugins).sort()) {
      const files = cssFiles(`plugins/${name}/views`)
      if (files.length) pieces.push({ name, files, module: `plugins/${name}/views/viewsStylesheet.ts`, exportName: 'viewsStylesheet' })
    }
  }
  return pieces
}

/** Every stylesheet under ui/ and plugins' views, theme first, in the order portico/styles.css concatenates them. */
export function uiStylesheets() {
  return stylesheetPieces().flatMap((piece) => piece.files.map((file) => join(root, file)))
}

const darkBlock = /:where\(\[data-portico\]\[data-portico-theme='dark'\]\) \{([^}]*)\}\n/

/**
 * Adds themeMode 'system' to the theme: the dark block again, for [data-portico-theme='system']
 * inside @media (prefers-color-scheme: dark), right after the dark block.
 */
export function withSystemTheme(css) {
  const match = darkBlock.exec(css)
  if (!match) throw new Error("ui/theme/styles.css has no :where([data-portico][data-portico-theme='dark']) block")
  const body = match[1].replace(/\n(?=.)/g, '\n  ')
  const system = `\n@media (prefers-color-scheme: dark) {\n  :where([data-portico][data-portico-theme='system']) {${body}  }\n}\n`
  const end = match.index + match[0].length
  return css.slice(0, end) + system + css.slice(end)
}

function fileText(file) {
  const text = readFileSync(join(root, file), 'utf8').trim()
  return file === cssEntry.input ? withSystemTheme(`${text}\n`).trim() : text
}

/** The text of one piece, as the single file holds it (each file under a comment naming it). */
export function pieceText(piece) {
  return piece.files.map((file) => `/* ${file} */\n${fileText(file)}\n`).join('\n')
}

/**
 * A piece's CSS as its module ships it: comments dropped and white space collapsed (also after a
 * declaration's colon), nothing else rewritten (no value or selector is changed, so it styles exactly as the single file does).
 */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/([{;])(-{0,2}[a-zA-Z][\w-]*):\s+/g, '$1$2:')
    .replace(/;}/g, '}')
    .trim()
}

/**
 * Marks the single file: a page that links it has `--portico-styles: all` on its root element, and
 * the code then adopts no piece (ui/theme/adoptStylesheet.ts), so the site's own stylesheet after
 * it keeps overriding it as before.
 */
export const singleFileMarker = ':root {\n  --portico-styles: all;\n}\n'

/** The text of portico/styles.css: the marker, then every piece in cascade order. */
export function porticoStylesheet() {
  return [`/* Portico: every piece in one file (see docs/guides/theming.md#stylesheets) */\n${singleFileMarker}`, ...stylesheetPieces().map(pieceText)].join('\n')
}
