/**
 * Generates `server/directory/wallets.json`, the server's checked-in wallet directory.
 * Every entry is invented: names from word lists, domains under the reserved `example.com`,
 * deterministic from a fixed seed, so running it twice writes the same file.
 *
 * Run: `npx tsx server/directory/generateWallets.ts`
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { WcWallet } from './WcWallet.js'

const chainSets = {
  evm: ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:43114', 'eip155:324', 'eip155:59144', 'eip155:11155111'],
  solana: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'],
  bitcoin: ['bip122:000000000019d6689c085ae165831e93', 'bip122:000000000933ea01ad0ee984209779ba'],
  cosmos: ['cosmos:cosmoshub-4', 'cosmos:osmosis-1', 'cosmos:juno-1'],
  polkadot: ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'polkadot:b0a8d493285c2df73290dfb7e61f870f'],
  sui: ['sui:mainnet', 'sui:testnet'],
  stacks: ['stacks:1', 'stacks:2147483648'],
  local: ['eip155:31337', 'eip155:31338'],
  localSolana: ['solana:localnet'],
} as const

type Family = Exclude<keyof typeof chainSets, 'local' | 'localSolana'>

// Which chain families a wallet supports; weights roughly follow the market.
const profiles: { families: Family[]; weight: number; focus: string }[] = [
  { families: ['evm'], weight: 34, focus: 'Ethereum and EVM networks' },
  { families: ['evm', 'solana'], weight: 14, focus: 'Ethereum and Solana' },
  { families: ['solana'], weight: 10, focus: 'Solana' },
  { families: ['bitcoin'], weight: 6, focus: 'Bitcoin' },
  { families: ['bitcoin', 'stacks'], weight: 4, focus: 'Bitcoin and Stacks' },
  { families: ['cosmos'], weight: 6, focus: 'the Cosmos ecosystem' },
  { families: ['polkadot'], weight: 5, focus: 'Polkadot and Kusama' },
  { families: ['polkadot', 'evm'], weight: 3, focus: 'Polkadot and EVM parachains' },
  { families: ['sui'], weight: 5, focus: 'Sui' },
  { families: ['evm', 'solana', 'bitcoin'], weight: 6, focus: 'Bitcoin, Ethereum and Solana' },
  { families: ['evm', 'solana', 'bitcoin', 'cosmos', 'polkadot', 'sui', 'stacks'], weight: 4, focus: 'every major chain' },
  { families: ['evm', 'cosmos'], weight: 3, focus: 'EVM and Cosmos chains' },
]

const firstWords = [
  'Aurora', 'Nimbus', 'Keystone', 'Harbor', 'Lumen', 'Cobalt', 'Meridian', 'Quill', 'Ember', 'Sable',
  'Tidal', 'Orbit', 'Juniper', 'Basalt', 'Cinder', 'Drift', 'Falcon', 'Glacier', 'Halcyon', 'Ironbark',
  'Jade', 'Kestrel', 'Lattice', 'Mosaic', 'Nova', 'Onyx', 'Pebble', 'Quartz', 'Raven', 'Saffron',
  'Talon', 'Umbra', 'Vesper', 'Willow', 'Yonder', 'Zephyr', 'Atlas', 'Beacon', 'Cairn', 'Delta',
  'Echo', 'Fable', 'Garnet', 'Helix', 'Indigo', 'Jasper', 'Kinetic', 'Lodestar', 'Maple', 'Nomad',
  'Oasis', 'Pioneer', 'Quasar', 'Ridge', 'Summit', 'Tundra', 'Vector', 'Warden', 'Bramble', 'Citadel',
  'Dune', 'Ferro', 'Granite', 'Heron', 'Ivory', 'Kelp', 'Lantern', 'Magnet', 'Nectar', 'Obsidian',
  'Prism', 'Rampart', 'Solace', 'Thistle', 'Upland', 'Velvet', 'Wisp', 'Acorn', 'Bastion', 'Coral',
]
const secondWords = ['Wallet', 'Vault', 'Pay', 'Keys', 'Safe', 'Pocket', 'Purse', 'Signer', 'Hub', 'Wallet Lite', 'Connect', 'Ledger']
// A few hand-written names, so search has accents, scripts, apostrophes and SQL metacharacters to chew on.
const specialNames = [
  'Élan Wallet', 'Søren Vault', 'Åsa Pay', 'Ñandú Wallet', 'Mörk Keys', 'Zürich Safe', 'Sakura 桜 Wallet',
  'Ōkami Keys', 'Čapek Signer', 'Δέλτα Wallet', "D'Arcy Wallet", "O'Hara Keys", '100% Keys', 'Node_Runner',
  'Half-Moon Wallet', 'Bits & Bytes', 'Café Pay',
]
const taglines = [
  'A self-custody wallet for {focus}.',
  'Hold, send and swap on {focus}, with keys that never leave your device.',
  'The friendly wallet for {focus}: simple backups and clear fees.',
  'Open-source wallet for {focus} with hardware-key support.',
  'Multi-account wallet for {focus}, built for everyday payments.',
  'A fast, privacy-minded wallet for {focus}.',
]

/** A small deterministic PRNG (mulberry32) so the file is the same on every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

function imageIdOf(name: string): string {
  const h = sha256Hex(`image:${name}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

/**
 * Builds the directory entries: the sandbox's own dev wallet first, then at least 300 invented wallets.
 *
 * @returns the entries, in directory order
 * @example
 * generateWallets().length // 331
 */
export function generateWallets(): WcWallet[] {
  const random = createRandom(0x9071c0)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const chance = (p: number) => random() < p

  const names: string[] = []
  const seenSlugs = new Set<string>(['porticodevwallet'])
  for (const name of [
    ...specialNames,
    ...firstWords.flatMap((first, i) => [secondWords[i % secondWords.length], secondWords[(i * 5 + 3) % secondWords.length], secondWords[(i * 7 + 1) % secondWords.length], secondWords[(i * 11 + 2) % secondWords.length]].map((second) => `${first} ${second}`)),
  ]) {
    const slug = slugOf(name)
    if (slug === '' || seenSlugs.has(slug)) continue
    seenSlugs.add(slug)
    names.push(name)
  }
  // Shuffle (Fisher–Yates) so special names are spread through the pages.
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[names[i], names[j]] = [names[j] as string, names[i] as string]
  }

  const totalWeight = profiles.reduce((sum, p) => sum + p.weight, 0)
  const pickProfile = () => {
    let r = random() * totalWeight
    for (const profile of profiles) {
      r -= profile.weight
      if (r < 0) return profile
    }
    return profiles[0] as (typeof profiles)[number]
  }

  const wallets: WcWallet[] = [
    {
      id: sha256Hex('wallet:Portico Dev Wallet'),
      name: 'Portico Dev Wallet',
      homepage: 'https://portico.example.com/dev-wallet',
      image_id: imageIdOf('Portico Dev Wallet'),
      order: 1,
      description: 'The sandbox wallet: real keys from the standard test mnemonic, for local development only.',
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      link_mode: null,
      app_store: null,
      play_store: null,
      chrome_store: null,
      rdns: 'dev.portico.wallet',
      injected: [{ namespace: 'eip155', injected_id: 'dev.portico.wallet' }],
      chains: [...chainSets.local],
      badge_type: 'none',
      supports_wc: false,
    },
  ]

  for (const name of names) {
    const slug = slugOf(name)
    const profile = pickProfile()
    const chains: string[] = []
    for (const family of profile.families) {
      const set = chainSets[family]
      // Always the first (main) network of the family, then each other one with some chance.
      set.forEach((chain, index) => {
        if (index === 0 || chance(0.55)) chains.push(chain)
      })
    }
    const domain = `${slug}.example.com`
    // A URL scheme must start with a letter.
    const scheme = /^[a-z]/.test(slug) ? slug : `wallet${slug}`
    const rdns = `com.example.${slug}`
    const mobileKind = random()
    const hasMobile = mobileKind < 0.8
    const universal = mobileKind >= 0.5 && mobileKind < 0.8
    const hasExtension = profile.families.some((f) => f === 'evm' || f === 'solana' || f === 'polkadot' || f === 'cosmos' || f === 'sui' || f === 'bitcoin') && chance(0.4)
    const hasDesktop = chance(0.15)
    const hasWebapp = chance(0.15)
    const injected = hasExtension
      ? profile.families.flatMap((family) => {
          if (family === 'evm') return [{ namespace: 'eip155', injected_id: rdns }]
          if (family === 'solana' || family === 'sui') return [{ namespace: family, injected_id: name }]
          if (family === 'bitcoin') return [{ namespace: 'bip122', injected_id: rdns }]
          if (family === 'polkadot') return [{ namespace: 'polkadot', injected_id: slug }]
          if (family === 'cosmos') return [{ namespace: 'cosmos', injected_id: slug }]
          return []
        })
      : null
    const supportsWc = hasMobile || hasDesktop || hasWebapp || !hasExtension
    // A wallet with no extension and no other route is a mobile wallet.
    const mobileLink = hasMobile ? (universal ? `https://${domain}/wc` : `${scheme}://`) : !hasExtension && !hasDesktop && !hasWebapp ? `${scheme}://` : null
    // Many EVM wallets accept any chain id; about half list the local devnets the sandbox runs.
    if (profile.families.includes('evm') && chance(0.5)) chains.push(...chainSets.local)
    if (profile.families.includes('solana') && chance(0.5)) chains.push(...chainSets.localSolana)
    wallets.push({
      id: sha256Hex(`wallet:${name}`),
      name,
      homepage: `https://${domain}`,
      image_id: imageIdOf(name),
      order: 0,
      description: pick(taglines).replace('{focus}', profile.focus),
      mobile_link: mobileLink,
      desktop_link: hasDesktop ? `${scheme}desktop://` : null,
      webapp_link: hasWebapp ? `https://app.${domain}` : null,
      link_mode: universal && chance(0.5) ? `https://${domain}/wc/link` : null,
      app_store: mobileLink ? `https://${domain}/download/ios` : null,
      play_store: mobileLink ? `https://${domain}/download/android` : null,
      chrome_store: hasExtension ? `https://${domain}/download/chrome` : null,
      rdns: hasExtension || chance(0.5) ? rdns : null,
      injected: injected && injected.length > 0 ? injected : null,
      chains,
      badge_type: chance(0.22) ? 'certified' : 'none',
      supports_wc: supportsWc,
    })
  }

  // Directory order: the dev wallet, then certified wallets, then the rest (stable within each group).
  const [dev, ...rest] = wallets as [WcWallet, ...WcWallet[]]
  const ordered = [dev, ...rest.filter((w) => w.badge_type === 'certified'), ...rest.filter((w) => w.badge_type !== 'certified')]
  return ordered.map((wallet, index) => ({ ...wallet, order: index + 1 }))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wallets = generateWallets()
  const target = fileURLToPath(new URL('./wallets.json', import.meta.url))
  writeFileSync(target, `${JSON.stringify(wallets, null, 2)}\n`)
  console.log(`Wrote ${wallets.length} wallets to ${target}`)
}
