// Stands in for Node's `https` in the sandbox's browser bundles (esbuild `alias`): @ledgerhq/live-network
// (under @ledgerhq/ledger-cal-service, which @mysten/ledgerjs-hw-app-sui imports for Ledger's token
// metadata service, a feature Portico never calls) runs `new (require('https').Agent)({ keepAlive })`
// when it loads, for axios's Node adapter. A browser's axios uses fetch/XHR and ignores the agent.

/** An HTTPS agent that does nothing (only constructed, never used in a browser). */
export class Agent {
  constructor(readonly options: { keepAlive?: boolean } = {}) {}
}
