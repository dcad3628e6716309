/** Reads straight from the Solana RPC (not through the plugin): what the chain says. */
export async function rpcCall<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

export async function lamportsOf(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt((await rpcCall<{ value: number }>(rpcUrl, 'getBalance', [address])).value)
}

/** Raw token units of `owner` for `mint`, summed over its token accounts. */
export async function tokenUnitsOf(rpcUrl: string, owner: string, mint: string): Promise<bigint> {
  const answer = await rpcCall<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>(rpcUrl, 'getTokenAccountsByOwner', [owner, { mint }, { encoding: 'jsonParsed' }])
  return answer.value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
}
