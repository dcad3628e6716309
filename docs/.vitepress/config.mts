// The docs site (`npm run docs:site`): VitePress over docs/, built into dist-docs/ (git-ignored).
// Everything it serves is in the build: the default theme's fonts ship with VitePress and the search
// is VitePress's local (MiniSearch) index, so the site works offline and nothing leaves the host.
import { join } from 'node:path'
import { defineConfig } from 'vitepress'
import { siteSidebar } from '../../scripts/docs/siteSidebar.js'

const docsDir = join(import.meta.dirname, '..')

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function githubSlug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-')
}

export default defineConfig({
  title: 'Portico',
  description: 'Open-source, self-hostable wallet-connection and sign-in modal for web3 sites.',
  outDir: '../dist-docs',
  cacheDir: '../node_modules/.cache/vitepress',
  cleanUrls: false,
  lastUpdated: false,
  // A link to a page or anchor that does not exist fails the build (tests/docs/site.test.ts also
  // follows every link in Chromium).
  ignoreDeadLinks: false,
  markdown: {
    theme: { light: 'github-light', dark: 'github-dark' },
    // Headings get GitHub's anchors, so a link written for GitHub (`../performance.md#the-test-suite`,
    // `#a--b` from "A — B") lands on the same heading on the site (tests/docs.test.ts checks them).
    anchor: { slugify: githubSlug },
    // The docs are written for plain Markdown readers: `plugins/<name>/meta.ts` in prose is text, not
    // an element, so raw HTML is off. The generator's marker comments are dropped instead of shown.
    config: (md) => {
      md.set({ html: false })
      // `{{` in prose or inline code is text too, not a Vue interpolation (fences are v-pre already).
      const codeInline = md.renderer.rules.code_inline
      md.renderer.rules.code_inline = (tokens, idx, options, env, self) => (codeInline?.(tokens, idx, options, env, self) ?? '').replace(/^<code/, '<code v-pre')
      const text = md.renderer.rules.text
      md.renderer.rules.text = (tokens, idx, options, env, self) => (text?.(tokens, idx, options, env, self) ?? '').replace(/\{\{/g, '&#123;&#123;')
      md.core.ruler.after('block', 'portico-drop-comments', (state) => {
        const tokens = state.tokens
        for (let i = 0; i < tokens.length; i++) {
          const token = tokens[i]
          if (token?.type !== 'inline' || !token.content.includes('<!--')) continue
          token.content = token.content.replace(/<!--[\s\S]*?-->\n?/g, '').trim()
          if (!token.content && tokens[i - 1]?.type === 'paragraph_open' && tokens[i + 1]?.type === 'paragraph_close') {
            tokens.splice(i - 1, 3)
            i -= 2
          }
        }
      })
    },
  },
  themeConfig: {
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    sidebar: siteSidebar(docsDir),
    nav: [
      { text: 'Guides', link: '/guides/getting-started' },
      { text: 'Plugins', link: '/plugins/README' },
      { text: 'Kernel', link: '/kernel/hooks' },
      { text: 'Server', link: '/server/operations' },
    ],
  },
})
