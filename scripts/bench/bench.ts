// `npm run bench`: runs every benchmark on loopback and prints its figures. Each benchmark is
// bounded in count and time; the figures and their method are recorded in docs/performance.md.
import { benchAccountViewRequests } from './accountViewBench.js'
import { benchDirectorySearch } from './directorySearchBench.js'
import { benchRelayThroughput } from './relayBench.js'
import { benchStartup } from './startupBench.js'
import { benchWalletList } from './walletListBench.js'

const only = process.argv.slice(2)
const run = (name: string) => only.length === 0 || only.includes(name)

if (run('relay')) {
  const relay = await benchRelayThroughput({ messages: 5000 })
  console.log(`relay throughput: ${relay.messagesPerSecond} messages/s (${relay.messages} messages of 512 B in ${relay.ms} ms, two clients on loopback)`)
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
  console.log(`startup, first-time visitor: ${(f.jsBytes / 1024).toFixed(1)} KiB of JS in ${f.jsFiles} files before any click, ${f.requests} API requests; button in DOM ${f.buttonMs} ms (bare React page ${f.bareButtonMs} ms, ${(f.buttonMs / f.bareButtonMs).toFixed(2)}×); click to Connect view ${f.clickColdMs} ms cold, ${f.clickWarmMs} ms after hovering (median of ${runs} loads in Chromium)`)
  console.log(`startup, returning visitor: ${(r.jsBytes / 1024).toFixed(1)} KiB of JS before any click, ${r.requests} API requests, account shown ${r.accountMs} ms, "Connect Wallet" flash: ${r.connectFlash ? 'yes' : 'no'}`)
}
