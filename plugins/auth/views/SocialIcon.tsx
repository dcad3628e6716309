/** Simple marks drawn in the button's text colour (no brand artwork, no colours in markup). */
const paths: Record<string, string> = {
  // A "G" arc.
  google: 'M12 4a8 8 0 1 0 7.7 10H12v-3h11c.1.6.1 1.2.1 2A11 11 0 1 1 12 1c3 0 5.6 1.1 7.6 3l-2.2 2.2A7.9 7.9 0 0 0 12 4',
  // Two crossing strokes.
  x: 'M3 3h4.5l4.6 6.3L17.6 3H21l-7.3 8.4L21.5 21H17l-5-6.8L6 21H2.5l7.8-8.9z',
  // A cat-like silhouette.
  github: 'M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.7 1a9.4 9.4 0 0 1 5 0c1.9-1.3 2.7-1 2.7-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2',
  // A game-pad outline.
  discord: 'M7 5c1.5-.6 3.3-1 5-1s3.5.4 5 1c2 2.8 3 6 3 10-1.5 1.3-3.3 2.3-5 3l-1.2-2c.8-.3 1.5-.6 2.2-1.1l-.5-.4c-2.9 1.3-6.1 1.3-9 0l-.5.4c.7.5 1.4.8 2.2 1.1L7 18c-1.7-.7-3.5-1.7-5-3 0-4 1-7.2 3-10m2.5 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3m5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3',
  // An apple with a leaf.
  apple: 'M16 1c.2 1.4-.4 2.8-1.2 3.7-.9 1-2.2 1.6-3.4 1.5-.2-1.3.4-2.7 1.2-3.6.9-1 2.3-1.6 3.4-1.6M12 7c1 0 2.2-.9 3.6-.9 1.1 0 3 .4 4.2 2.3-3.6 2.2-3 7 .6 8.4-.6 1.6-1.5 3.2-2.5 4.4-.8.9-1.7 1.8-2.9 1.8-1.2 0-1.6-.7-3-.7s-1.9.7-3 .7c-1.2 0-2-1-2.9-2C3.6 18.3 3 11.8 6.4 8.8A4.7 4.7 0 0 1 9 7.6c1.1 0 2.2.6 3 .6',
  // An "f".
  facebook: 'M14 22v-8h3l.5-4H14V8c0-1 .3-2 2-2h2V2.5c-.4-.1-1.6-.2-3-.2-3 0-5 1.8-5 5.1V10H7v4h3v8z',
  // An arch.
  farcaster: 'M5 3h14v3h2l-1 3h-1v10h1v2h-6v-2h1v-6a3 3 0 0 0-6 0v6h1v2H4v-2h1V9H4L3 6h2z',
}

/**
 * A social provider's mark as inline SVG (decorative: the button carries the name); an unknown
 * provider gets its first letter. Strict-CSP safe: no style attribute, no external image.
 *
 * @example
 * <SocialIcon provider="google" />
 */
export function SocialIcon({ provider }: { provider: string }) {
  const path = paths[provider]
  return (
    <svg className="portico-auth__social-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {path ? (
        <path d={path} fill="currentColor" fillRule="evenodd" />
      ) : (
        <text x="12" y="17" textAnchor="middle" fontSize="14" fontWeight="700" fill="currentColor">
          {(provider.charAt(0) || '?').toUpperCase()}
        </text>
      )}
    </svg>
  )
}
