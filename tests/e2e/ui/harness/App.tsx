import type { PorticoHandle, RestoreHint } from '../../../../kernel/kernel.js'
import { AccountButton, ConnectButton, NetworkButton, PorticoProvider } from '../../../../ui/kit.js'

/** The harness page's app: what a site owner puts on a page. Rendered on the server too. */
export function App({ portico, restoreHint }: { portico: PorticoHandle; restoreHint?: RestoreHint }) {
  return (
    <PorticoProvider portico={portico} restoreHint={restoreHint}>
      <header className="harness-header">
        <NetworkButton />
        <AccountButton />
        <ConnectButton />
      </header>
    </PorticoProvider>
  )
}
