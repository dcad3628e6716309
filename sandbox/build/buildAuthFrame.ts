import { buildAuthFrameFiles } from '../../scripts/build/authFrame.mjs'

/**
 * Builds the wallet frame of portico/auth (plugins/auth/frame, named by path only: the sandbox
 * imports no plugin code) with esbuild, in memory: the script the server serves at
 * `/auth/v1/frame.js` (ES module, es2022, minified, no eval) and the stylesheet at
 * `/auth/v1/frame.css`.
 *
 * @example
 * const { script, style } = await buildAuthFrame()
 */
export async function buildAuthFrame(): Promise<{ script: string; style: string }> {
  return buildAuthFrameFiles()
}
