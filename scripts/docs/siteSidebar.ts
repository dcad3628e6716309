// The docs site's sidebar (docs/.vitepress/config.mts), read from the files in docs/ so a new page
// shows up without editing the config: one group per folder, each page titled by its first heading.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export type SiteSidebarItem = { text: string; link: string }
export type SiteSidebarGroup = { text: string; collapsed?: boolean; items: SiteSidebarItem[] }

/** The folders of docs/, in the order a reader meets them, with their group titles. */
const groups: ReadonlyArray<{ dir: string; text: string }> = [
  { dir: 'guides', text: 'Guides' },
  { dir: 'plugins', text: 'Plugins' },
  { dir: 'kernel', text: 'Kernel' },
  { dir: 'wallets', text: 'Wallet personas' },
  { dir: 'server', text: 'Server' },
]

/**
 * A page's title: its first `# ` heading, else its file name.
 *
 * @param file - the Markdown file
 * @returns the title
 * @example
 * pageTitle('docs/testing.md') // 'Testing'
 */
export function pageTitle(file: string): string {
  const heading = /^# (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]
  return (heading ?? file.replace(/^.*\//, '').replace(/\.md$/, '')).replace(/`/g, '').trim()
}

/** The link VitePress gives a source file (`plugins/README.md` → `/plugins/README`). */
function pageLink(path: string): string {
  return `/${path.replace(/\.md$/, '')}`
}

/**
 * The sidebar of the docs site: the top-level pages (the home page aside), then one group per
 * folder, its README first, then its pages by title.
 *
 * @param docsDir - the docs/ folder
 * @returns the groups, for VitePress's `themeConfig.sidebar`
 * @example
 * siteSidebar('docs')[0] // { text: 'Portico', items: [{ text: 'Architecture', link: '/architecture' }, …] }
 */
export function siteSidebar(docsDir: string): SiteSidebarGroup[] {
  const pages = (dir: string) =>
    readdirSync(join(docsDir, dir))
      .filter((name) => name.endsWith('.md') && statSync(join(docsDir, dir, name)).isFile())
      .filter((name) => !(dir === '' && name === 'index.md'))
      .map((name) => ({ name, text: pageTitle(join(docsDir, dir, name)), link: pageLink(dir ? `${dir}/${name}` : name) }))
      .sort((a, b) => Number(b.name === 'README.md') - Number(a.name === 'README.md') || a.text.localeCompare(b.text))
      .map(({ text, link }) => ({ text, link }))
  const known = new Set(groups.map((group) => group.dir))
  const unknown = readdirSync(docsDir).filter((name) => !name.startsWith('.') && statSync(join(docsDir, name)).isDirectory() && !known.has(name) && name !== 'public')
  const withPages = unknown.filter((dir) => readdirSync(join(docsDir, dir)).some((name) => name.endsWith('.md')))
  if (withPages.length) throw new Error(`docs/${withPages[0]}/ has pages but no sidebar group: add it to scripts/docs/siteSidebar.ts`)
  return [
    { text: 'Portico', items: pages('') },
    ...groups.filter((group) => existsSync(join(docsDir, group.dir))).map((group) => ({ text: group.text, collapsed: group.dir !== 'guides', items: pages(group.dir) })),
  ]
}
