import { measure } from './scripts/size/measure.js'
const cases: Record<string, string> = {
  handle: `import { createPortico } from 'portico'\nexport const p = createPortico({ networks: [], plugins: [] })`,
  eip: `import { eip155, defineNetwork } from 'portico/eip155'\nexport const p = [eip155(), defineNetwork({ id: 1, name: 'x', rpcUrls: ['http://a'] })]`,
  button: `import { ConnectButton } from 'portico/react'\nexport const p = ConnectButton`,
  provider: `import { PorticoProvider } from 'portico/react'\nexport const p = PorticoProvider`,
  network: `import { NetworkButton } from 'portico/react'\nexport const p = NetworkButton`,
}
for (const [name, code] of Object.entries(cases)) {
  const m = await measure(code)
  console.log(name, m.eagerBytes, m.eagerShares.slice(0, 6).map((s) => `${s.source}:${s.bytes}`).join(' '))
}
