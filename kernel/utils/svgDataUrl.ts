/**
 * Turns an SVG document into a `data:image/svg+xml` URL for an `<img>` (no request, allowed by
 * `img-src data:`; an SVG in an `<img>` never runs script). Network presets use it for their
 * bundled logos, so a site ships only the logos of the presets it imports.
 *
 * @param svg - the SVG markup
 * @returns the data URL
 * @example
 * svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"/>') // 'data:image/svg+xml,%3Csvg…'
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.trim())}`
}
