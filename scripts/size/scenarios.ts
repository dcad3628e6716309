/**
 * Named site scenarios: the code a site owner writes, bundled as their bundler would (react and
 * react-dom excluded: the site has them anyway). `eager` is what loads with the page; `total`
 * adds every lazily loaded chunk.
 */
export type Scenario = { name: string; code: string }

export const scenarios: Scenario[] = [
  {
    name: 'site: kernel alone',
    code: `import { createPortico } from 'portico'
export const make = (options) => createPortico(options)`,
  },
]
