import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** The `metrics` key of the configuration: `/metrics` is served only when it is set. */
export type MetricsConfig = {
  /** When set, `/metrics` answers only requests with `Authorization: Bearer <token>`. */
  token?: string
}

/** What the server counts, in one Prometheus registry per server (several servers may share a process). */
export type ServerMetrics = {
  registry: Registry
  /** Every HTTP answer, by method, route pattern and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>
  httpDuration: Histogram<'method' | 'route'>
  /** Calls through the JSON-RPC proxy (each request of a batch), by chain, JSON-RPC method (`refused` for one not forwarded) and the HTTP status answered. */
  rpcCalls: Counter<'chain' | 'method' | 'status'>
  /** 429 answers, by route (the per-IP, per-project, analytics, RPC call and sign-in limits). */
  rateLimitRefusals: Counter<'route'>
  /** Time to an upstream's answer (RPC proxy, node-API proxies, readiness probes), by chain and outcome. */
  upstreamDuration: Histogram<'chain' | 'outcome'>
  /** Relay messages: `published` (stored), `delivered` (pushed to a subscriber), `acknowledged`. */
  relayMessages: Counter<'event'>
  /** Sets what the collected gauges read: open relay connections, mailbox depth, indexer lag. */
  observe(sources: MetricsSources): void
}

/** Where the gauges read their values at each scrape. */
export type MetricsSources = {
  relayConnections?: () => number
  /** Unexpired messages waiting in the relay's mailbox (one query per scrape). */
  mailboxDepth?: () => Promise<number>
  /** Per indexed chain: its head and the last block indexed. */
  indexer?: () => { chainId: string; head: number; lastBlock: number; standby: boolean }[]
}

/**
 * Creates the server's Prometheus metrics (`prom-client`): Node's process metrics and the
 * `portico_*` series of the HTTP server, the RPC proxy, the rate limits, the upstreams, the relay
 * and the indexer. Always counted; exposed at `/metrics` only when `metrics` is configured.
 *
 * @returns the metrics, on a registry of their own
 * @example
 * const metrics = createMetrics()
 * metrics.rpcCalls.inc({ chain: 'eip155:1', method: 'eth_call', status: '200' })
 * await metrics.registry.metrics()
 */
export function createMetrics(): ServerMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'portico_' })
  let sources: MetricsSources = {}
  const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
  new Gauge({
    name: 'portico_relay_connections',
    help: 'Open, authenticated websocket connections to the relay',
    registers: [registry],
    collect() {
      this.set(sources.relayConnections?.() ?? 0)
    },
  })
  new Gauge({
    name: 'portico_relay_mailbox_depth',
    help: 'Unexpired messages stored in the relay mailbox, waiting for a recipient to acknowledge them',
    registers: [registry],
    async collect() {
      if (sources.mailboxDepth) this.set(await sources.mailboxDepth().catch(() => Number.NaN))
    },
  })
  new Gauge({
    name: 'portico_indexer_lag_blocks',
    help: 'Blocks between the chain head and the last block indexed, per eip155 chain this instance indexes',
    labelNames: ['chain'],
    registers: [registry],
    collect() {
      this.reset()
      for (const status of sources.indexer?.() ?? []) {
        if (status.standby || status.head < 0) continue
        this.set({ chain: status.chainId }, Math.max(0, status.head - Math.max(status.lastBlock, -1)))
      }
    },
  })
  return {
    registry,
    httpRequests: new Counter({ name: 'portico_http_requests_total', help: 'HTTP answers by method, route and status', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    httpDuration: new Histogram({ name: 'portico_http_request_duration_seconds', help: 'Time to answer an HTTP request', labelNames: ['method', 'route'], buckets: latencyBuckets, registers: [registry] }),
    rpcCalls: new Counter({ name: 'portico_rpc_proxy_calls_total', help: 'JSON-RPC proxy calls (each request of a batch) by chain, method and HTTP status', labelNames: ['chain', 'method', 'status'], registers: [registry] }),
    rateLimitRefusals: new Counter({ name: 'portico_rate_limit_refusals_total', help: 'Requests refused with 429 by a rate limit, by route', labelNames: ['route'], registers: [registry] }),
    upstreamDuration: new Histogram({ name: 'portico_upstream_request_duration_seconds', help: "Time to a chain upstream's answer, by chain and outcome (ok, error)", labelNames: ['chain', 'outcome'], buckets: latencyBuckets, registers: [registry] }),
    relayMessages: new Counter({ name: 'portico_relay_messages_total', help: 'Relay messages by event: published (stored), delivered (pushed to a subscriber), acknowledged', labelNames: ['event'], registers: [registry] }),
    observe(next) {
      sources = { ...sources, ...next }
    },
  }
}
