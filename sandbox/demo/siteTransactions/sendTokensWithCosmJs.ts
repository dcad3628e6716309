// A site's own Cosmos transaction, built and broadcast with CosmJS and signed through Portico's
// signer: what docs/plugins/cosmos.md shows under "Sign your own transactions" (from the line
// below this comment to the end, as it is; tests/plugins/cosmos/cosmosSigner.test.ts checks that),
// what the demo's cosmos example runs in the browser and what the cosmos tests run in Node.
import { assertIsDeliverTxSuccess, GasPrice, SigningStargateClient, type DeliverTxResponse } from '@cosmjs/stargate'
import type { CosmosSigner } from 'portico/cosmos'

export type SendTokensWithCosmJsParameters = {
  /** `await portico.getSigner('cosmos')`, or `useSigner('cosmos').signer` in React. */
  signer: CosmosSigner
  /** The chain's CometBFT RPC endpoint. */
  rpcUrl: string
  /** The receiver's address. */
  to: string
  /** What to send, in a base denom: `{ denom: 'uatom', amount: '10000' }`. */
  amount: { denom: string; amount: string }
  memo: string
  /** The chain's gas price, e.g. `'0.025uatom'`. */
  gasPrice: string
}

/**
 * Sends `amount` to `to` with a memo: one `MsgSend`, gas simulated, signed by the visitor's wallet
 * through Portico's signer and broadcast by CosmJS.
 *
 * @returns the transaction as included (its `transactionHash` and `height`)
 * @throws ProviderRpcError code 4001 when the visitor says no in the wallet; CosmJS's errors when the chain refuses it (`BroadcastTxError`: the ABCI code and log) or it fails in its block
 * @example
 * const { transactionHash } = await sendTokensWithCosmJs({ signer, rpcUrl, to, amount: { denom: 'uatom', amount: '10000' }, memo: 'Thanks!', gasPrice: '0.025uatom' })
 */
export async function sendTokensWithCosmJs({ signer, rpcUrl, to, amount, memo, gasPrice }: SendTokensWithCosmJsParameters): Promise<DeliverTxResponse> {
  const [account] = await signer.getAccounts()
  const client = await SigningStargateClient.connectWithSigner(rpcUrl, signer, { gasPrice: GasPrice.fromString(gasPrice) })
  try {
    const send = { typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: account.address, toAddress: to, amount: [amount] } }
    const result = await client.signAndBroadcast(account.address, [send], 'auto', memo)
    // Included in a block, but failed there (e.g. the balance did not cover it): the error says why.
    assertIsDeliverTxSuccess(result)
    return result
  } finally {
    client.disconnect()
  }
}
