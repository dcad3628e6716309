import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteLockfile } from '../helpers/siteLockfile.js'

const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const subpaths = Object.keys(pkg.exports as Record<string, unknown>).filter((s) => s !== './package.json')
/** The optional peers of the plugins (their SDKs): every optional peer but React and @wagmi/core. */
const pluginPeers = Object.keys(pkg.peerDependencies as Record<string, string>).filter((name) => !['react', 'react-dom', '@wagmi/core'].includes(name))
/** The most packages an EVM site may install with portico, react and react-dom (issue 50). */
const evmSiteBudget = 40

let tarballDir = ''
let tarball = ''
/** The packed files, as `npm pack --json` lists them: what `npm publish` would upload. */
let packedFiles: string[] = []

/**
 * Installs the packed tarball into a new empty site with `extra` beside it, as `npm install` does:
 * the site's lockfile is cut from the project's, so `--offline` needs only the tarballs that a fresh
 * `npm install` of the project put in npm's cache: nothing leaves the machine, and no registry
 * metadata (which a lockfile install never caches) is asked for.
 */
function installSite(extra: string[]): string {
  const site = mkdtempSync(join(tmpdir(), 'portico-site-'))
  copyFileSync(join(tarballDir, tarball), join(site, tarball))
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const { manifest, lockfile } = siteLockfile(lock, tarball, pkg, extra)
  writeFileSync(join(site, 'package.json'), JSON.stringify(manifest, null, 2))
  writeFileSync(join(site, 'package-lock.json'), JSON.stringify(lockfile, null, 2))
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: site, encoding: 'utf8', stdio: 'pipe' })
  return site
}

/** Runs an ES module script in Node in `site` and returns the JSON its last line prints. */
function runInSite(site: string, script: string): unknown {
  const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { cwd: site, encoding: 'utf8' })
  return JSON.parse(out.trim().split('\n').pop() as string)
}

// `npm test` builds first (scripts/test.ts); these tests pack what was built.
beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  tarballDir = mkdtempSync(join(tmpdir(), 'portico-pack-'))
  // `npm publish --dry-run` would pack the same files, but it asks the registry for the package's
  // versions first, so the list comes from `npm pack`, which never leaves the machine.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', tarballDir], { cwd: root, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[]
  tarball = (packed as { filename: string }).filename
  packedFiles = (packed as { files: { path: string }[] }).files.map((file) => file.path)
  // Packing dist/ (source maps and types included) takes a minute on a busy machine.
}, 300_000)
afterAll(() => {
  if (tarballDir) rmSync(tarballDir, { recursive: true, force: true })
})

/** Relative specifiers in a built file: `from './x.js'`, `import('./x.js')`, `import './x.js'`, `declare module '../x.js'`. */
const relativeSpecifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bmodule\s+)["'](\.{1,2}\/[^"']+)["']/g

/**
 * The packed files that `starts` reach through relative imports, each resolved by `resolve` among
 * the packed files (a specifier that names no packed file, such as one in a doc comment's example,
 * leads nowhere).
 */
function reachable(starts: string[], packed: ReadonlySet<string>, resolve: (target: string) => string[]): Set<string> {
  const seen = new Set<string>()
  const todo = [...starts]
  while (todo.length) {
    const file = todo.pop() as string
    if (seen.has(file) || !packed.has(file)) continue
    seen.add(file)
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(relativeSpecifier)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1] as string))
      todo.push(...resolve(target).filter((candidate) => packed.has(candidate)))
    }
  }
  return seen
}

describe('the packed package', () => {
  let site = ''
  beforeAll(() => {
    // The site has what each entry's optional peers need at import: React for portico/react and
    // portico/elements, @wagmi/core for portico/wagmi (a wagmi site has it already). No chain's
    // server entry imports a peer (portico/polkadot/server loads polkadot-api's parts when called).
    site = installSite(['react', 'react-dom', '@wagmi/core'])
  }, 300_000)
  afterAll(() => {
    if (site) rmSync(site, { recursive: true, force: true })
  })

  it('ships only what a site needs: the entries and what they load, their types, the styles, the auth frame, README, LICENSE, CHANGELOG', () => {
    const packed = new Set(packedFiles)
    expect(packedFiles.filter((name) => !name.startsWith('dist/')).sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json'])
    const targets = Object.values(pkg.exports as Record<string, string | { types: string; import: string }>)
    // Every entry's file and types are in the package.
    for (const target of targets) {
      for (const file of typeof target === 'string' ? [target] : [target.import, target.types]) expect(packedFiles, file).toContain(file.replace(/^\.\//, ''))
    }
    // Code: every script is an entry or a chunk an entry imports (statically or with import()), so
    // no test, sandbox or server code rides along; the one exception is the embedded wallet's frame,
    // which the site's Portico server serves (docs/server/auth.md), never the site's bundle.
    const code = reachable(
      targets.flatMap((target) => (typeof target === 'string' ? [] : [target.import.slice(2)])),
      packed,
      (target) => [target],
    )
    const frame = ['dist/auth-frame/frame.js', 'dist/auth-frame/frame.css']
    expect(packedFiles.filter((name) => name.endsWith('.js') && !code.has(name) && !frame.includes(name))).toEqual([])
    // Source maps: the project ships each script's external map beside it, and no other.
    expect(packedFiles.filter((name) => name.endsWith('.map') && !code.has(name.slice(0, -'.map'.length)))).toEqual([])
    // Types: only the declarations an entry's types reach (scripts/build/pruneDeclarations.mjs
    // removes the rest that tsc writes, the sandbox's internals among them).
    const types = reachable(
      targets.flatMap((target) => (typeof target === 'string' ? [] : [target.types.slice(2)])),
      packed,
      (target) => [target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`, `${target}/index.d.ts`],
    )
    expect(packedFiles.filter((name) => name.endsWith('.d.ts') && !types.has(name))).toEqual([])
    // Nothing else: no sources, fixtures or stray assets.
    const other = packedFiles.filter((name) => name.startsWith('dist/') && !/\.(js|map|d\.ts)$/.test(name))
    expect(other.sort()).toEqual(['dist/auth-frame/frame.css', 'dist/styles.css'])
    expect(code.size).toBeGreaterThan(targets.length)
  })

  /**
   * What each entry exports, or the error its import threw, read in one Node process: a process per
   * entry cost 7.8 s of CPU for the 56 scripts, one for all 0.8 s (2026-11-30). Each import is caught
   * on its own, so an entry that fails to load fails its own test below and no other's.
   */
  let loaded: Record<string, { keys: string[] } | { error: string }> = {}
  beforeAll(() => {
    const specifiers = subpaths.map((subpath) => (subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`))
    loaded = runInSite(
      site,
      `import { existsSync } from 'node:fs'
      const loaded = {}
      for (const specifier of ${JSON.stringify(specifiers)}) {
        try {
          if (specifier.endsWith('.css')) loaded[specifier] = existsSync(new URL(import.meta.resolve(specifier))) ? { keys: ['css'] } : { error: 'no such file' }
          else loaded[specifier] = { keys: Object.keys(await import(specifier)).sort() }
        } catch (error) {
          loaded[specifier] = { error: String(error?.stack ?? error) }
        }
      }
      console.log(JSON.stringify(loaded))`,
    ) as typeof loaded
  })

  it.each(subpaths)('imports %s from the installed tarball', (subpath) => {
    const specifier = subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`
    const entry = loaded[specifier]
    expect(entry, specifier).toBeDefined()
    expect(entry, specifier).not.toHaveProperty('error')
    const keys = (entry as { keys: string[] }).keys
    expect(keys.length).toBeGreaterThan(0)
    if (subpath === '.') expect(keys).toEqual(expect.arrayContaining(['createPortico', 'definePlugin', 'defineLazyPlugin', 'parseCaipAddress', 'InvalidPluginOptionsError']))
    if (subpath === './errors') expect(keys).toEqual(expect.arrayContaining(['BaseError', 'ProviderRpcError', 'ConnectionRejectedError', 'rpcErrorCodes']))
    if (subpath === './kernel') expect(keys).toEqual(expect.arrayContaining(['createPortico', 'createPorticoKernel', 'formatBalance']))
    if (subpath === './react') expect(keys).toEqual(expect.arrayContaining(['PorticoProvider', 'usePortico', 'useAccount']))
    if (subpath === './react/kit') expect(keys).toEqual(expect.arrayContaining(['PorticoProvider', 'Button', 'useTranslate']))
    if (subpath === './testing') expect(keys).toEqual(expect.arrayContaining(['checkPlugin']))
    if (subpath === './wagmi') expect(keys).toEqual(expect.arrayContaining(['portico']))
  })

  it('carries type declarations for every entry', () => {
    for (const [subpath, target] of Object.entries(pkg.exports as Record<string, { types?: string } | string>)) {
      if (typeof target === 'string') continue
      expect(existsSync(join(site, 'node_modules/portico', target.types as string)), subpath).toBe(true)
    }
  })
})

describe('an EVM site: portico, react and react-dom, no optional peer (issue 50)', () => {
  let site = ''
  beforeAll(() => {
    // Installing succeeds without any plugin's SDK: they are optional peers, asked for when a plugin loads one.
    site = installSite(['react', 'react-dom'])
  }, 300_000)
  afterAll(() => {
    if (site) rmSync(site, { recursive: true, force: true })
  })

  /** Every package folder the install made (npm's hidden lockfile lists each one). */
  const installed = () => Object.keys(JSON.parse(readFileSync(join(site, 'node_modules/.package-lock.json'), 'utf8')).packages as Record<string, unknown>).filter((path) => path.startsWith('node_modules/'))

  it(`installs at most ${evmSiteBudget} packages, the figure docs/performance.md gives`, () => {
    const count = installed().length
    expect(count).toBeLessThanOrEqual(evmSiteBudget)
    const stated = /An EVM site installs \*\*(\d+) packages\*\*/.exec(readFileSync(join(root, 'docs/performance.md'), 'utf8'))
    expect(stated, 'docs/performance.md states the figure').not.toBeNull()
    expect(count, 'the figure in docs/performance.md').toBe(Number(stated?.[1]))
  })

  it("installs none of the plugins' SDKs", () => {
    const names = new Set(installed().map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)))
    expect(pluginPeers.filter((name) => names.has(name))).toEqual([])
  })

  it('imports every entry a page imports without any optional peer', () => {
    // All in one Node process: a missing package fails the import of the entry that reaches it.
    const specifiers = subpaths.filter((s) => !['./wagmi', './styles.css'].includes(s)).map((s) => (s === '.' ? 'portico' : `portico/${s.slice(2)}`))
    const script = `const failed = {}; for (const specifier of ${JSON.stringify(specifiers)}) { try { const m = await import(specifier); if (!Object.keys(m).length) failed[specifier] = 'no exports' } catch (e) { failed[specifier] = e.message } } console.log(JSON.stringify(failed))`
    expect(specifiers.length).toBeGreaterThan(40)
    expect(runInSite(site, script)).toEqual({})
  })

  it("a TypeScript site type-checks every entry's declarations without packages it never installed (@keplr-wallet/types)", () => {
    // Every entry's types, checked as a strict site's `tsc` checks them (skipLibCheck off). A
    // declaration may name a package the site chooses to install (React's types for the React
    // entries, a plugin's optional peer); naming any other package (a devDependency of Portico such
    // as @keplr-wallet/types) breaks every site that does not happen to have it.
    const entries = subpaths.filter((s) => s !== './styles.css').map((s) => (s === '.' ? 'portico' : `portico/${s.slice(2)}`))
    writeFileSync(join(site, 'consumer.ts'), entries.map((specifier, i) => `import type * as entry${i} from '${specifier}'\nexport type Entry${i} = keyof typeof entry${i}\n`).join(''))
    writeFileSync(join(site, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2023', 'dom', 'dom.iterable'], types: [], jsx: 'react-jsx' }, files: ['consumer.ts'] }))
    expect(existsSync(join(site, 'node_modules/@keplr-wallet/types'))).toBe(false)
    let output = ''
    try {
      // tsgo, the project's own checker (TypeScript's native port): tsc takes minutes on a busy machine.
      execFileSync(process.execPath, [join(root, 'node_modules/@typescript/native-preview/bin/tsgo'), '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: site, encoding: 'utf8', stdio: 'pipe' })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    // What a site chooses: React's types, a plugin's optional peer, and what that peer brings with it
    // (Ledger's apps bring @ledgerhq/hw-transport, whose type the ledger entry names).
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string> }> }
    const peers = Object.keys(pkg.peerDependencies as Record<string, string>)
    const chosen = [...peers, ...peers.flatMap((peer) => Object.keys(lock.packages[`node_modules/${peer}`]?.dependencies ?? {})), '@types/react', '@types/react-dom']
    const diagnostics = output.split('\n').filter((line) => /error TS\d+/.test(line))
    // TS2307: no such package; TS7016: the package is there (react) but not its types (@types/react).
    const missing = diagnostics.map((line) => /error TS(?:2307: Cannot find module|7016: Could not find a declaration file for module) '([^']+)'/.exec(line)?.[1])
    const unexpected = diagnostics.filter((line, i) => {
      const name = missing[i]
      return !name || !chosen.some((chosenName) => name === chosenName || name.startsWith(`${chosenName}/`))
    })
    expect(unexpected).toEqual([])
  }, 240_000)

  it('portico/polkadot/server without its peers: the entry imports; each action that needs one fails with MissingPeerDependencyError naming it', () => {
    const script = `
      const server = await import('portico/polkadot/server')
      const network = { id: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', name: 'Polkadot', nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
      const calls = {
        verifyPolkadotSignature: () => server.verifyPolkadotSignature({ message: 'hi', signature: '0x00', address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' }),
        polkadotVerifier: () => server.polkadotVerifier.verify({ message: 'hi', signature: '0x00', address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' }),
        readPolkadotRuntime: () => server.readPolkadotRuntime({ network }),
        readPolkadotAccount: () => server.readPolkadotAccount({ network, publicKey: new Uint8Array(32) }),
        planPolkadotTransfer: () => server.planPolkadotTransfer({ request: { network, from: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', to: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', amount: '1' } }),
        sendPolkadotTransfer: () => server.sendPolkadotTransfer({ network, plan: {}, address: '', signPayload: async () => ({}), signRaw: async () => ({}) }),
        waitForPolkadotTransaction: () => server.waitForPolkadotTransaction({ network, hash: '0x00', timeoutMs: 1 }),
      }
      const answers = {}
      for (const [name, call] of Object.entries(calls)) {
        const error = await call().then(() => undefined, (e) => e)
        answers[name] = { name: error?.name, code: error?.code, plugin: error?.plugin, packageName: error?.packageName, cause: error?.cause?.code }
      }
      console.log(JSON.stringify({ exports: Object.keys(server).length, answers }))`
    const { exports, answers } = runInSite(site, script) as { exports: number; answers: Record<string, { name: string; code: string; plugin: string; packageName: string; cause: string }> }
    expect(exports).toBeGreaterThan(10)
    const peers = Object.keys(pkg.peerDependencies as Record<string, string>).filter((name) => name.startsWith('@polkadot-api/') || name === '@scure/sr25519')
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer, name).toEqual({ name: 'MissingPeerDependencyError', code: 'MISSING_PEER_DEPENDENCY', plugin: 'polkadot', packageName: expect.any(String), cause: 'ERR_MODULE_NOT_FOUND' })
      expect(peers, name).toContain(answer.packageName)
    }
    // The signature check needs only @scure/sr25519 (the first peer its module imports).
    expect(answers.verifyPolkadotSignature?.packageName).toBe('@scure/sr25519')
  })

  it('walletconnect without @walletconnect/sign-client: connecting fails with MissingPeerDependencyError naming it', () => {
    const script = `
      import { createPortico } from 'portico'
      import { eip155, mainnet } from 'portico/eip155'
      import { walletConnect } from 'portico/walletconnect'
      const portico = createPortico({ projectId: 'portico-test', networks: [mainnet], plugins: [eip155(), walletConnect({ relayUrl: 'ws://127.0.0.1:9' })], endpoints: { api: 'http://127.0.0.1:9' } })
      const error = await portico.connect({ namespace: 'eip155', connectorId: 'walletConnect' }).then(() => undefined, (e) => e)
      const missing = error?.walk?.((e) => e?.name === 'MissingPeerDependencyError')
      console.log(JSON.stringify({ outer: error?.name, details: error?.details, name: missing?.name, code: missing?.code, packageName: missing?.packageName, shortMessage: missing?.shortMessage, cause: missing?.cause?.code }))
      process.exit(0)`
    expect(runInSite(site, script)).toEqual({
      outer: 'ConnectFailedError',
      details: 'Install the walletconnect plugin\'s peers: npm install @walletconnect/sign-client@2.25.0',
      name: 'MissingPeerDependencyError',
      code: 'MISSING_PEER_DEPENDENCY',
      packageName: '@walletconnect/sign-client',
      shortMessage: 'The walletconnect plugin needs `@walletconnect/sign-client`: npm install @walletconnect/sign-client@2.25.0',
      cause: 'ERR_MODULE_NOT_FOUND',
    })
  })

  it("ledger without its peers: loading the device (the installed plugin's loader) fails with MissingPeerDependencyError", () => {
    // In Node the ledger connector is not offered (no WebHID), so its loader is called as its connector calls it.
    const script = `
      const { loadLedgerDevice } = await import('./node_modules/portico/dist/plugins/ledger/transport/loadLedgerDevice.js')
      const error = await loadLedgerDevice({ transport: 'webhid' }).then(() => undefined, (e) => e)
      console.log(JSON.stringify({ name: error?.name, plugin: error?.plugin, packageName: error?.packageName, shortMessage: error?.shortMessage, installCommand: error?.installCommand }))`
    expect(runInSite(site, script)).toEqual({
      name: 'MissingPeerDependencyError',
      plugin: 'ledger',
      // Its first module imports `buffer`, which Node has built in (in a page it is the npm package, and
      // a site without it gets the error for `buffer`); the next imports Ledger's transports.
      packageName: '@ledgerhq/hw-transport-webhid',
      shortMessage: 'The ledger plugin needs `@ledgerhq/hw-transport-webhid`: npm install @ledgerhq/hw-transport-webhid@6.36.0',
      installCommand: 'npm install @ledgerhq/hw-app-btc@11.4.0 @ledgerhq/hw-app-eth@7.9.0 @ledgerhq/hw-app-solana@7.11.0 @ledgerhq/hw-transport-webhid@6.36.0 @ledgerhq/hw-transport-webusb@6.35.0 @mysten/ledgerjs-hw-app-sui@0.8.1 @mysten/sui@1.45.2 @stacks/transactions@7.6.0 @zondax/ledger-cosmos-js@4.2.0 @zondax/ledger-stacks@2.0.0 @zondax/ledger-substrate@3.0.0 @polkadot-api/merkleize-metadata@1.3.0 @scure/btc-signer@1.8.1 buffer@6.0.3',
    })
  })
})
