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

/** The text of portico/styles.css. */
export function porticoStylesheet() {
  return uiStylesheets()
    .map((file) => `/* ${relative(root, file)} */\n${readFileSync(file, 'utf8').trim()}\n`)
    .join('\n')
}
