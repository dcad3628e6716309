/**
 * The relay's fixed limits. Each protects the relay (and its other clients) from one client;
 * none is reached by the WalletConnect 2.25 client in normal use.
 */
export const relayLimits = {
  /** Default largest `message` (bytes) in one publish; `RelayOptions.maxMessageBytes` overrides it. */
  maxMessageBytes: 256 * 1024,
  /** Extra room in a frame for the envelope around its messages (bytes). */
  frameEnvelopeBytes: 64 * 1024,
  /**
   * A frame larger than `2 * maxMessageBytes + frameEnvelopeBytes` is answered with -32600 and
   * dropped; one larger than 4 times that is refused by `ws` itself (close code 1009), since it
   * cannot be read without buffering it.
   */
  hardFrameFactor: 4,
  /** Pending (received, not yet handled) frames per client: reading pauses at `pauseFrames` ... */
  pauseFrames: 256,
  /** ... or at this many pending bytes ... */
  pauseBytes: 2 * 1024 * 1024,
  /** ... and resumes once fewer than `resumeFrames` frames wait. */
  resumeFrames: 64,
  /** Beyond these, a frame is answered at once with -32005 "Too many pending requests". */
  maxPendingFrames: 1024,
  maxPendingBytes: 8 * 1024 * 1024,
  /** Frames handled per client per scheduling round (round robin between clients). */
  framesPerTurn: 16,
  /** A client whose unsent output exceeds this (bytes) is cut off; its messages stay in the mailbox. */
  maxBufferedBytes: 16 * 1024 * 1024,
  /** Topics per client. */
  maxSubscriptionsPerClient: 10_000,
  /** Entries in one batch subscribe / unsubscribe / fetch. */
  maxBatchTopics: 500,
  /** Messages in one `irn_batchPublish`. */
  maxBatchPublish: 100,
  /** Stored, unacknowledged, unexpired messages per topic; a publish beyond it gets -32005. */
  maxStoredPerTopic: 1000,
  /**
   * Stored, unacknowledged, unexpired messages per publishing client (all topics), and their total
   * size; a publish beyond either gets -32005 "Mailbox quota exceeded".
   */
  maxStoredPerClient: 1000,
  maxStoredBytesPerClient: 8 * 1024 * 1024,
  /** Longest Verify `attestation` in a publish, in characters. */
  maxAttestationLength: 8192,
  /** Deliveries awaiting an acknowledgement per client; beyond it, deliveries wait in the mailbox. */
  maxInFlightPerClient: 10_000,
  /** Messages returned by one fetch (`hasMore` tells when more remain). */
  fetchPageSize: 500,
  /** Message TTL bounds, in seconds. */
  minTtlSeconds: 1,
  maxTtlSeconds: 30 * 24 * 60 * 60,
  /** Longest topic, in characters (WalletConnect topics are 64 hex characters). */
  maxTopicLength: 256,
  /**
   * On close the relay drains: it keeps handling and answering every frame, and closes a socket
   * once all it sent is answered and nothing went in or out for this long (ms), so its client is
   * not caught sending (a frame that crosses the close is answered by no one, and the 2.25 client
   * sends it again only after 15 s).
   */
  closeGraceMs: 250,
  /** The quiet a drain waits for after a client's acknowledgement, whose app may be acting on the delivery (ms). */
  closeQuietAfterAckMs: 1_000,
  /** After this long (ms), a drain closes a busy client's socket as soon as it owes nothing after a request. */
  closeGraceMaxMs: 3_000,
  /**
   * Then the longest it waits for each busy socket to owe nothing (requests answered, e.g. from
   * slow storage; deliveries acknowledged) at a moment its client waits for a peer, in ms.
   */
  closeSettleMaxMs: 5_000,
  /** How often expired messages are deleted (ms). */
  sweepIntervalMs: 60_000,
  /** How far a JWT's `iat` may lie in the future (seconds). */
  jwtSkewSeconds: 60,
  /** Longest JWT lifetime (`exp - iat`) accepted, in seconds: the client mints one-day JWTs. */
  maxJwtLifetimeSeconds: 86_400,
  /** Longest project id, in characters. */
  maxProjectIdLength: 256,
} as const
