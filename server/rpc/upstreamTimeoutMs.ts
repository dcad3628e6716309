/**
 * How long the server waits for an upstream node (the RPC proxy, balance reads), in ms: shorter
 * than the client's own 10 s RPC timeout (spec §9), so the client gets the server's clear error
 * instead of timing out itself. No retry is added on top.
 */
export const upstreamTimeoutMs = 8_000
