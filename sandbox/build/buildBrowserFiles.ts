import { buildAuthFrame } from './buildAuthFrame.js'
import { buildSandboxAssets, type SandboxAssets } from './buildSandboxAssets.js'
import { cachedBuild } from './cachedBuild.js'

/** Everything the sandbox serves to a browser that is built from the checkout's code. */
export type SandboxBrowserFiles = {
  /** URL path → asset: the demo site, the dev wallets, the wallet page, the static pages. */
  assets: SandboxAssets
  /** portico/auth's wallet frame (`/auth/v1/frame.js` and `.css` on the wallet origin). */
  authFrame: { script: string; style: string }
}

/**
 * Builds the sandbox's browser files ({@link buildSandboxAssets} and {@link buildAuthFrame}) or,
 * when no source changed since the last build, reads them back from `.portico/cache` (see
 * {@link cachedBuild}): a restart of `npm start`, or the dozen sandboxes of a test run, bundle the
 * same code once.
 *
 * @example
 * const { assets, authFrame } = await buildBrowserFiles()
 */
export async function buildBrowserFiles(): Promise<SandboxBrowserFiles> {
  const built = await cachedBuild('sandbox-browser-files', async () => {
    const [assets, authFrame] = await Promise.all([buildSandboxAssets(), buildAuthFrame()])
    return { assets: [...assets], authFrame }
  })
  return { assets: new Map(built.assets), authFrame: built.authFrame }
}
