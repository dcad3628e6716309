// The Sui wallet personas (Phantom, Slush, Suiet: issue 46) on the chain e2e kit (issue 49): each
// persona row names the wallet as Connect Wallet lists it, the docs page of the wallet's dialect it
// follows, and the Wallet Standard features its log shows (Suiet still speaks the older
// `sui:signAndExecuteTransactionBlock` and `sui:signMessage`); `personaE2e` runs the shared flow
// for each (tests/e2e/kit/personaE2e.ts). The chain's truth is the kit's Sui row; the receivers'
// balances are read again through the ledger's GraphQL RPC (the client path of the mainnet preset).
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { expect, it } from 'vitest'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaRow } from '../kit/personaE2e.js'

const sui = {
  connectMethod: 'standard:connect',
  sendMethod: 'sui:signAndExecuteTransaction',
  signInMethod: 'sui:signPersonalMessage',
  // Restoring is the wallet's silent connect to a site it approved, not a prompt.
  restored: (log) => expect(log.filter((a) => a.method === 'standard:connect')).toEqual([]),
  disconnectsSite: true,
} satisfies Partial<PersonaRow>

personaE2e(
  rows.sui,
  [
    { ...sui, id: 'sui/phantom', wallet: 'Phantom', docs: 'docs/wallets/phantom.md', refusal: /User rejected the request/ },
    { ...sui, id: 'sui/slush', wallet: 'Slush — A Sui wallet', docs: 'docs/wallets/slush.md', refusal: /Transaction rejected from user/ },
    { ...sui, id: 'sui/suiet', wallet: 'Suiet', docs: 'docs/wallets/suiet.md', sendMethod: 'sui:signAndExecuteTransactionBlock', signInMethod: 'sui:signMessage', refusal: /User rejection/ },
  ],
  (kit) => {
    it("the ledger's GraphQL RPC (@mysten/sui's client, the mainnet preset's path) holds each persona's send at its receiver", async () => {
      const graphql = new SuiGraphQLClient({ url: `${kit.chain.nodeUrl.replace(/\/+$/, '')}/graphql`, network: 'localnet' })
      expect(kit.sent.map((s) => s.persona)).toEqual(['sui/phantom', 'sui/slush', 'sui/suiet'])
      for (const sent of kit.sent) expect((await graphql.core.getBalance({ address: sent.receiver, coinType: '0x2::sui::SUI' })).balance.balance).toBe('250000000')
    })
  },
  { signer: signerRows.sui },
)
