// A server component: it reads the visitor's restore cookie from the request and hands the hint to
// the client providers, so a returning visitor's buttons render their account on the server
// (restoreCookie: { account: true } in providers.tsx) instead of "Connect Wallet"
// (docs/guides/server-rendering.md).
import type { ReactNode } from 'react'
import { headers } from 'next/headers'
import { readRestoreHint } from 'portico'
import 'portico/styles.css'
import { Providers } from './providers'

export const metadata = { title: 'Portico on Next.js' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const restoreHint = readRestoreHint((await headers()).get('cookie'))
  // The Portico server this site uses, read at request time (the tests point it at their sandbox).
  const porticoServer = process.env.PORTICO_SERVER_URL ?? 'http://127.0.0.1:4700'
  return (
    <html lang="en">
      <body>
        <Providers porticoServer={porticoServer} restoreHint={restoreHint}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
