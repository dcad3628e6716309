/** Replaces the text between `<!-- begin auto-generated KEY -->` and `<!-- end auto-generated KEY -->`. */
export function replaceBlock(page: string, key: string, content: string): string | undefined {
  const begin = `<!-- begin auto-generated ${key} -->`
  const end = `<!-- end auto-generated ${key} -->`
  const start = page.indexOf(begin)
  const stop = page.indexOf(end)
  if (start === -1 || stop === -1 || stop < start) return undefined
  return `${page.slice(0, start + begin.length)}\n${content.trim()}\n${page.slice(stop)}`
}

export function block(key: string, content: string): string {
  return `<!-- begin auto-generated ${key} -->\n${content.trim()}\n<!-- end auto-generated ${key} -->`
}

/** Escapes a value for a Markdown table cell. */
export function cell(value: unknown): string {
  if (value === undefined || value === null || value === '') return ''
  return String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ')
}
