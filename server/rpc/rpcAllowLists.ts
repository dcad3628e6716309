/**
 * The JSON-RPC methods the proxy forwards, per CAIP-2 namespace (spec §6: read-only methods).
 * Everything else gets a JSON-RPC error without reaching the node: every signing method, every
 * node-administration namespace (`anvil_*`, `hardhat_*`, `evm_*`, `debug_*`, `admin_*`,
 * `personal_*`, `txpool_*`, `miner_*`, `engine_*`), `eth_sendTransaction` and
 * `eth_sendUnsignedTransaction` (the node would sign or move funds itself), `eth_accounts` (the
 * node's own accounts), filters (state on the node) and subscriptions.
 *
 * One write is forwarded on purpose: `eth_sendRawTransaction` (and Solana's `sendTransaction`, Sui's
 * `sui_executeTransactionBlock`),
 * the broadcast of a transaction the wallet already signed. The node signs nothing and can only
 * do what the signature authorises; it is how a wallet or a site sends a signed transaction
 * through a public RPC, and the sandbox's dev wallets rely on it. `requestAirdrop` is not.
 */
export const rpcAllowLists: Readonly<Record<string, ReadonlySet<string>>> = {
  eip155: new Set([
    'web3_clientVersion',
    'web3_sha3',
    'net_version',
    'net_listening',
    'net_peerCount',
    'eth_chainId',
    'eth_protocolVersion',
    'eth_syncing',
    'eth_blockNumber',
    'eth_gasPrice',
    'eth_maxPriorityFeePerGas',
    'eth_feeHistory',
    'eth_blobBaseFee',
    'eth_getBalance',
    'eth_getCode',
    'eth_getStorageAt',
    'eth_getProof',
    'eth_getTransactionCount',
    'eth_call',
    'eth_estimateGas',
    'eth_createAccessList',
    'eth_getBlockByHash',
    'eth_getBlockByNumber',
    'eth_getBlockReceipts',
    'eth_getBlockTransactionCountByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getUncleCountByBlockHash',
    'eth_getUncleCountByBlockNumber',
    'eth_getUncleByBlockHashAndIndex',
    'eth_getUncleByBlockNumberAndIndex',
    'eth_getTransactionByHash',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionReceipt',
    'eth_getLogs',
    'eth_sendRawTransaction',
  ]),
  solana: new Set([
    'getAccountInfo',
    'getBalance',
    'getBlock',
    'getBlockCommitment',
    'getBlockHeight',
    'getBlockProduction',
    'getBlockTime',
    'getBlocks',
    'getBlocksWithLimit',
    'getClusterNodes',
    'getEpochInfo',
    'getEpochSchedule',
    'getFeeForMessage',
    'getFirstAvailableBlock',
    'getGenesisHash',
    'getHealth',
    'getHighestSnapshotSlot',
    'getIdentity',
    'getInflationGovernor',
    'getInflationRate',
    'getInflationReward',
    'getLargestAccounts',
    'getLatestBlockhash',
    'getLeaderSchedule',
    'getMaxRetransmitSlot',
    'getMaxShredInsertSlot',
    'getMinimumBalanceForRentExemption',
    'getMultipleAccounts',
    'getProgramAccounts',
    'getRecentPerformanceSamples',
    'getRecentPrioritizationFees',
    'getSignatureStatuses',
    'getSignaturesForAddress',
    'getSlot',
    'getSlotLeader',
    'getSlotLeaders',
    'getStakeMinimumDelegation',
    'getSupply',
    'getTokenAccountBalance',
    'getTokenAccountsByDelegate',
    'getTokenAccountsByOwner',
    'getTokenLargestAccounts',
    'getTokenSupply',
    'getTransaction',
    'getTransactionCount',
    'getVersion',
    'getVoteAccounts',
    'isBlockhashValid',
    'minimumLedgerSlot',
    'simulateTransaction',
    'sendTransaction',
  ]),
  // Substrate JSON-RPC (the legacy methods every node serves): reads, the fee query (`state_call`
  // TransactionPaymentApi), the nonce and the broadcast of a signed extrinsic. No `dev_*`, `author_insertKey` or subscriptions.
  polkadot: new Set([
    'chain_getBlockHash',
    'chain_getHeader',
    'chain_getBlock',
    'chain_getFinalizedHead',
    'state_getRuntimeVersion',
    'state_getMetadata',
    'state_getStorage',
    'state_call',
    'chain_getRuntimeVersion',
    'state_queryStorageAt',
    'system_chain',
    'system_name',
    'system_version',
    'system_properties',
    'system_health',
    'system_accountNextIndex',
    'author_submitExtrinsic',
    'rpc_methods',
  ]),
  // Sui full-node JSON-RPC reads, the dry run (a simulation) and the broadcast of a signed transaction.
  sui: new Set([
    'sui_getChainIdentifier',
    'sui_getLatestCheckpointSequenceNumber',
    'sui_getObject',
    'sui_multiGetObjects',
    'sui_getTransactionBlock',
    'sui_multiGetTransactionBlocks',
    'sui_dryRunTransactionBlock',
    'sui_executeTransactionBlock',
    'suix_getReferenceGasPrice',
    'suix_getCoinMetadata',
    'suix_getCoins',
    'suix_getAllCoins',
    'suix_getBalance',
    'suix_getAllBalances',
    'suix_queryTransactionBlocks',
  ]),
}

/**
 * Whether the proxy forwards `method` to a chain of `namespace`. A namespace without an
 * allow-list forwards nothing.
 *
 * @param namespace - the CAIP-2 namespace, e.g. `eip155`
 * @param method - the JSON-RPC method
 * @example
 * isRpcMethodAllowed('eip155', 'anvil_setBalance') // false
 */
export function isRpcMethodAllowed(namespace: string, method: string): boolean {
  return Object.hasOwn(rpcAllowLists, namespace) && (rpcAllowLists[namespace] as ReadonlySet<string>).has(method)
}
