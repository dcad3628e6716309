// Every stylesheet of the modal, in the order dist/styles.css (`portico/styles.css`) concatenates
// them: the theme contract first, then each ui/ component's, then each plugin view's
// (plugins/<name>/views/**.css), sorted. Also used by the sandbox.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { cssEntry, root } from './entries.mjs'

export function uiStylesheets() {
  const found = []
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name.endsWith('.css')) found.push(full)
    }
  }
  walk(join(root, 'ui'))
  const plugins = join(root, 'plugins')
  if (existsSync(plugins)) {
    for (const name of readdirSync(plugins).sort()) {
      const views = join(plugins, name, 'views')
      if (existsSync(views)) walk(views)
    }
  }
  const theme = join(root, cssEntry.input)
  return [theme, ...found.filter((file) => file !== theme)]
}

const darkBlock = /\[data-portico\]\[data-portico-theme='dark'\] \{([^}]*)\}\n/

/**
 * Adds themeMode 'system' to the theme: the dark block again, for [data-portico-theme='system']
 * inside @media (prefers-color-scheme: dark), right after the dark block.
 */
export function withSystemTheme(css) {
  const match = darkBlock.exec(css)
  if (!match) throw new Error("ui/theme/styles.css has no [data-portico][data-portico-theme='dark'] block")
  const body = match[1].replace(/\n(?=.)/g, '\n  ')
  const system = `\n@media (prefers-color-scheme: dark) {\n  [data-portico][data-portico-theme='system'] {${body}  }\n}\n`
  const end = match.index + match[0].length
  return css.slice(0, end) + system + css.slice(end)
}

/** The text of portico/styles.css. */
export function porticoStylesheet() {
  const [theme, ...rest] = uiStylesheets()
  return [theme, ...rest]
    .map((file) => {
      const text = readFileSync(file, 'utf8').trim()
      return `/* ${relative(root, file)} */\n${file === theme ? withSystemTheme(`${text}\n`).trim() : text}\n`
    })
    .join('\n')
}
