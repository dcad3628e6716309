import { svgDataUrl } from '../../kernel/index.js'

/**
 * The embedded (email and social) wallet's icon, drawn for Portico: a white envelope with a key
 * ring on Portico's indigo, as a data URL (the connector's icon, where a letter tile stood).
 * White on #3d5afe is 5.6:1, and the square reads on both themes' surfaces.
 */
export const authLogo = /* @__PURE__ */ svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">' +
    '<rect width="40" height="40" rx="10" fill="#3d5afe"/>' +
    '<rect x="8" y="12" width="20" height="15" rx="2.5" fill="none" stroke="#fff" stroke-width="2.2"/>' +
    '<path d="m9 14 9 7 9-7" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/>' +
    '<circle cx="28.5" cy="27.5" r="5.5" fill="#3d5afe" stroke="#fff" stroke-width="2.2"/>' +
    '<circle cx="28.5" cy="27.5" r="1.6" fill="#fff"/>' +
    '</svg>',
)
