// The Cosmos wallet personas (Keplr, Leap, Cosmostation: issue 46) on the chain e2e kit (issue 49).
// Each speaks Keplr's dialect from its own injection (its docs page says where); none knows the
// sandbox chain, so a connect suggests it (`experimentalSuggestChain`), then enables. Each row names
// the wallet as Connect Wallet lists it and its docs page; `personaE2e` runs the shared flow for
// each (tests/e2e/kit/personaE2e.ts): the ADR-36 signatures checked with CosmJS, the balances read
// from the ledger's bank REST API, the account picked in the wallet followed.
import { expect } from 'vitest'
import { cosmosAddressOf } from '../../../sandbox/cosmos/cosmosAddress.js'
import { devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { cosmosPersonaSecondPath } from '../../../sandbox/cosmosWallet/createCosmosPersona.js'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaKit, type PersonaRow } from '../kit/personaE2e.js'

const switchAccount = (id: string) => async (page: PersonaKit['page']) => expect(await page.evaluate((key) => window.__porticoPersonas![key]!.switchAccount!(), id)).toHaveLength(1)

function cosmosPersona(id: string, wallet: string, injection: string): PersonaRow {
  return {
    id,
    wallet,
    docs: `docs/wallets/${id.split('/')[1]}.md`,
    connectMethod: 'enable',
    // With "Reject requests" the wallet refuses the chain's suggestion, before any enable.
    refusedConnect: 'experimentalSuggestChain',
    sendMethod: 'signDirect',
    signInMethod: 'signArbitrary',
    // The page's log starts with the page: the silent reconnect asked the visitor nothing.
    restored: (log) => expect(log).toEqual([]),
    // Its "Disconnect site" is a keystore change; the page asks again, and the wallet refuses.
    disconnectsSite: 'while refusing',
    accountChange: {
      to: cosmosAddressOf(devCosmosKey(cosmosPersonaSecondPath).publicKey, 'portico'),
      there: switchAccount(id),
      back: switchAccount(id),
    },
    async connected(kit) {
      // Installed where its docs page says, with Keplr's `enable`.
      expect(await kit.page.evaluate((path) => typeof path.split('.').slice(1).reduce<Record<string, unknown> | undefined>((at, key) => at?.[key] as Record<string, unknown> | undefined, window as unknown as Record<string, unknown>)?.enable, injection)).toBe('function')
      // The wallet did not know the sandbox chain: suggested (approved on "Try again"), then enabled.
      const methods = (await kit.activity()).map((a) => `${a.method}:${a.outcome}`)
      expect(methods).toContain('experimentalSuggestChain:approved')
      expect(methods.indexOf('experimentalSuggestChain:approved')).toBeLessThan(methods.indexOf('enable:approved'))
    },
  }
}

personaE2e(rows.cosmos, [
  cosmosPersona('cosmos/cosmostation', 'Cosmostation', 'window.cosmostation.providers.keplr'),
  cosmosPersona('cosmos/keplr', 'Keplr', 'window.keplr'),
  cosmosPersona('cosmos/leap', 'Leap', 'window.leap'),
], undefined, { signer: signerRows.cosmos })
