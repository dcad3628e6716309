/**
 * Folds text for case-insensitive, Unicode-aware substring search: NFKC-normalised and lower-cased.
 * Used for both the stored wallet names and the visitor's query, so they compare alike.
 *
 * @param text - a wallet name or a search query
 * @returns the folded text
 * @example
 * foldSearchText('ZÜRICH Safe') // 'zürich safe'
 */
export function foldSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}
