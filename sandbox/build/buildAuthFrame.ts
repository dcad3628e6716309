// placeholder until auth-frame lands: the frame helper's version (plugins/auth/frame built with
// esbuild) replaces this file; the signature is the contract between the two.

/**
 * Builds the embedded wallet's frame (`plugins/auth/frame`) into one script and one stylesheet,
 * which the server serves at `/auth/v1/frame.js` and `/auth/v1/frame.css` on the wallet origin.
 *
 * @returns the frame's JavaScript and CSS as strings
 * @example
 * const frame = await buildAuthFrame()
 * await createServer({ …, auth: { …, frame } })
 */
export async function buildAuthFrame(): Promise<{ script: string; style: string }> {
  return {
    script: "document.body.textContent = 'The Portico wallet frame is not built yet (placeholder).'\n",
    style: 'body{margin:0;font:14px system-ui,sans-serif}\n',
  }
}
