/** Skips a JSON string starting at `i` (on its opening quote); returns the index after the closing quote. */
function skipString(text: string, i: number): number {
  let from = i + 1
  for (;;) {
    const quote = text.indexOf('"', from)
    if (quote < 0) return text.length
    // The quote is escaped when an odd number of backslashes precede it.
    let backslashes = 0
    while (quote - backslashes - 1 > i && text.charCodeAt(quote - backslashes - 1) === 0x5c) backslashes += 1
    if (backslashes % 2 === 0) return quote + 1
    from = quote + 1
  }
}

function skipWhitespace(text: string, i: number): number {
  let j = i
  while (j < text.length && /\s/.test(text[j]!)) j += 1
  return j
}

/** Skips any JSON value starting at `i`; returns the index after it. */
function skipValue(text: string, i: number): number {
  const first = text[i]
  if (first === '"') return skipString(text, i)
  if (first === '{' || first === '[') {
    let depth = 0
    let j = i
    while (j < text.length) {
      const ch = text[j]
      if (ch === '"') {
        j = skipString(text, j)
        continue
      }
      if (ch === '{' || ch === '[') depth += 1
      else if (ch === '}' || ch === ']') {
        depth -= 1
        if (depth === 0) return j + 1
      }
      j += 1
    }
    return j
  }
  let j = i
  while (j < text.length && !/[\s,}\]]/.test(text[j]!)) j += 1
  return j
}

/**
 * Returns the raw JSON text of the top-level `"id"` member of a JSON object, so a 19-digit numeric
 * request id can be echoed back exactly (JSON.parse would round it past 2^53).
 *
 * The text must already have passed `JSON.parse`; for anything else the result is unspecified.
 *
 * @param text A JSON object's source text.
 * @returns The id's source text (`1763…`, `"1763…"`, `null`), or undefined when there is none.
 * @example
 * readRawJsonRpcId('{"id":1763712345678901234,"result":true}') // '1763712345678901234'
 */
export function readRawJsonRpcId(text: string): string | undefined {
  let i = skipWhitespace(text, 0)
  if (text[i] !== '{') return undefined
  i += 1
  let found: string | undefined
  while (i < text.length) {
    i = skipWhitespace(text, i)
    if (text[i] === '}') break
    if (text[i] === ',') {
      i += 1
      continue
    }
    if (text[i] !== '"') return found
    const keyEnd = skipString(text, i)
    const key = JSON.parse(text.slice(i, keyEnd)) as string
    i = skipWhitespace(text, keyEnd)
    if (text[i] !== ':') return found
    i = skipWhitespace(text, i + 1)
    const valueEnd = skipValue(text, i)
    // Duplicate keys: JSON.parse keeps the last one, so do we.
    if (key === 'id') found = text.slice(i, valueEnd)
    i = valueEnd
  }
  return found
}
