// One process of official `@walletconnect/sign-client`s for the relay load tests: it pairs `pairs`
// dapp–wallet pairs (dapps on the first relay URL, wallets on the second), says `paired`, waits
// for `go` on stdin, then each pair sends `requests` personal_sign one after another, each
// answered by its wallet with a real signature that is verified. It reports on stdout, one JSON
// object a line: `paired`, `answered` (pair, count), and at the end `done` with what failed, every
// unhandled promise rejection of this process (recorded, with its reason as it was: the 2.25
// client's rejections carry plain objects), and every error the relay answered a client with.
//
//   node --import tsx signClientWorker.ts <name> <dappRelayUrl> <walletRelayUrl> <pairs> <requests>
import { createInterface } from 'node:readline'
import { shutdownSignClient, signOver, startSignClientPair, watchRelayErrors } from '../../../helpers/signClientPairs.js'

const [name = 'worker', dappRelay = '', walletRelay = '', pairsArg = '1', requestsArg = '1'] = process.argv.slice(2)
const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`)

const rejections: string[] = []
process.on('unhandledRejection', (reason) => {
  rejections.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : `${typeof reason}: ${JSON.stringify(reason)}`)
})

const pairs = await Promise.all(Array.from({ length: Number(pairsArg) }, (_, index) => startSignClientPair(`${name}-${index}`, dappRelay, walletRelay)))
const watches = pairs.flatMap((pair) => [watchRelayErrors(pair.dapp), watchRelayErrors(pair.wallet)])
say({ event: 'paired', pairs: pairs.length })

await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    if (line.trim() === 'go') {
      lines.close()
      resolve()
    }
  })
})

const failures: string[] = []
const answered = pairs.map(() => 0)
await Promise.all(
  pairs.map(async ({ dapp, session }, index) => {
    for (let request = 0; request < Number(requestsArg); request += 1) {
      try {
        await signOver(dapp, session, `${name} pair ${index} request ${request}`)
        answered[index]! += 1
        say({ event: 'answered', pair: index, count: answered[index] })
      } catch (error) {
        failures.push(`pair ${index} request ${request}: ${(error as Error).message}`)
      }
    }
  }),
)
say({ event: 'done', answered, failures, rejections, relayErrors: watches.flatMap((watch) => watch.errors) })
await Promise.all(pairs.flatMap((pair) => [shutdownSignClient(pair.dapp), shutdownSignClient(pair.wallet)]))
process.exit(0)
