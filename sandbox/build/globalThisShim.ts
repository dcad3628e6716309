// Stands in for the `globalthis` package in the sandbox's browser bundles (esbuild `alias`): its
// browser build falls back to Function('return this'), which a strict CSP refuses. xstream (under
// CosmJS's Tendermint client, in the demo's Cosmos example) asks it for `getPolyfill()`; every
// browser the sandbox targets has `globalThis`.

/** The global object (the package's `getPolyfill`). */
export function getPolyfill(): typeof globalThis {
  return globalThis
}
