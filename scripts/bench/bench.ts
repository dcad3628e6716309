// `npm run bench`: runs every benchmark on loopback and prints its figures. Each benchmark is
// bounded in count and time; the figures and their method are recorded in docs/performance.md.
import { benchAccountViewRequests } from './accountViewBench.js'
import { benchDirectorySearch } from './directorySearchBench.js'
import { benchRelayThroughput } from './relayBench.js'
import { benchStartup } from './startupBench.js'
import { startEngines } from '../../tests/helpers/engines.js'
import { benchWalletList } from './walletListBench.js'

const only = process.argv.slice(2)
const run = (name: string) => only.length === 0 || only.includes(name)

if (run('relay')) {
  const relay = await benchRelayThroughput({ messages: 5000 })
  console.log(`relay throughput, SQLite: ${relay.messagesPerSecond} messages/s, p95 delivery ${relay.p95DeliveryMs} ms (${relay.messages} messages of 512 B in ${relay.ms} ms, two clients on loopback)`)
  // The same on Postgres + Redis (Debian's packages, started on loopback; installed as root when missing).
  let engines: Awaited<ReturnType<typeof startEngines>> | undefined
  try {
    engines = await startEngines()
  } catch (error) {
    console.log(`relay throughput on Postgres + Redis: skipped (${(error as Error).message.split('\n')[0]})`)
  }
  if (engines) {
    try {
      for (const instances of [1, 2] as const) {
        const postgresUrl = await engines.createDatabase(`relay_bench_${instances}`)
        const shared = await benchRelayThroughput({ messages: 5000, engines: { postgresUrl, redisUrl: engines.redisUrl, instances } })
        const placement = instances === 1 ? 'both clients on one instance' : 'publisher on A, subscriber on B'
        console.log(`relay throughput, Postgres + Redis, ${instances} instance${instances === 1 ? '' : 's'}: ${shared.messagesPerSecond} messages/s, p95 delivery ${shared.p95DeliveryMs} ms (${shared.messages} messages of 512 B in ${shared.ms} ms, ${placement})`)
      }
    } finally {
      await engines.stop()
    }
  }
}
if (run('directory')) {
  const directory = await benchDirectorySearch({ queries: 600 })
  console.log(`directory search: median ${directory.medianMs.toFixed(2)} ms, p95 ${directory.p95Ms.toFixed(2)} ms (${directory.queries} queries over the 310-wallet file)`)
}
if (run('wallets')) {
  const wallets = await benchWalletList()
  console.log(`wallet list: ${wallets.entries} entries, first render of AllWallets ${wallets.renderMs} ms, typing to results ${wallets.searchMs} ms (includes the ${wallets.debounceMs} ms debounce), median of ${wallets.runs} runs in Chromium`)
}
if (run('account')) {
  const account = await benchAccountViewRequests()
  console.log(`account view requests: cold ${account.cold.http} HTTP + ${account.cold.rpc} RPC, warm ${account.warm.http} HTTP + ${account.warm.rpc} RPC (Chromium against a sandbox)`)
}
if (run('startup')) {
  const { firstTime: f, returning: r, runs } = await benchStartup({ runs: 10 })
  console.log(`startup, first-time visitor: ${(f.jsBytes / 1024).toFixed(1)} KiB of JS in ${f.jsFiles} files and ${f.cssBytes} B of CSS (${f.cssSheets} adopted sheets) before any click, ${f.requests} API requests; button in DOM ${f.buttonMs} ms (bare React page ${f.bareButtonMs} ms, ${(f.buttonMs / f.bareButtonMs).toFixed(2)}×); click to Connect view ${f.clickColdMs} ms cold, ${f.clickWarmMs} ms after hovering (median of ${runs} loads in Chromium)`)
  console.log(`startup, returning visitor: ${(r.jsBytes / 1024).toFixed(1)} KiB of JS and ${r.cssBytes} B of CSS before any click, ${r.requests} API requests, account shown ${r.accountMs} ms, "Connect Wallet" flash: ${r.connectFlash ? 'yes' : 'no'}`)
}
