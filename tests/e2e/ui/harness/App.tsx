import type { Portico } from '../../../../kernel/index.js'
import { AccountButton, ConnectButton, NetworkButton, PorticoProvider } from '../../../../ui/index.js'

/** The harness page's app: what a site owner puts on a page. Rendered on the server too. */
export function App({ portico }: { portico: Portico }) {
  return (
    <PorticoProvider portico={portico}>
      <header className="harness-header">
        <NetworkButton />
        <AccountButton />
        <ConnectButton />
      </header>
    </PorticoProvider>
  )
}
