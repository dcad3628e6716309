/**
 * Runs the Portico server standalone, for self-hosters: the `portico-server` command of the
 * `portico-server` package, and in this repository `npx tsx server/main.ts`.
 *
 *   portico-server [config.json]                 start (one line `Portico server listening at <url>`, then JSON logs)
 *   portico-server --check-config config.json    check the file against config.schema.json and exit
 *
 * The JSON file holds a `ServerConfig` (without its code-only keys), checked against
 * `config.schema.json` (shipped beside this file): an unknown key stops the start with its name and
 * the nearest valid one. Relative `dataDir` paths are resolved against the file's folder. `PORT`,
 * `HOST`, `DATA_DIR`, `DATABASE_URL` (Postgres) and `REDIS_URL` override the file. Without a file:
 * no chains, data in `./portico-data`, port 4700. Logs at `info` unless the file's `log` says
 * otherwise. SIGTERM and SIGINT drain and stop (see `PorticoServer.close`).
 */
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkConfigFile } from './config/checkConfigFile.js'
import { createServer } from './createServer.js'
import type { PorticoServer, ServerConfig } from './createServer.js'

export type MainParameters = { argv?: readonly string[]; env?: NodeJS.ProcessEnv }

/** A configuration file that cannot be used: its path and every problem found in it. */
export class ConfigFileError extends Error {
  override name = 'ConfigFileError'
  readonly path: string
  readonly problems: readonly string[]
  constructor(path: string, problems: readonly string[]) {
    super(`${path} is not a valid Portico server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.path = path
    this.problems = problems
  }
}

/** Reads, parses and checks a configuration file against config.schema.json; throws {@link ConfigFileError}. */
function readConfigFile(path: string): Partial<ServerConfig> {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ConfigFileError(path, [`Could not read the config file ${path}: ${(error as Error).message}`])
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConfigFileError(path, [`${path} must hold a JSON object`])
  const checked = checkConfigFile(parsed)
  if (!checked.ok) throw new ConfigFileError(path, checked.problems)
  const { $schema: _schema, ...config } = parsed as Partial<ServerConfig> & { $schema?: string }
  return config
}

/**
 * The configuration `main` starts with: the file (checked), then the environment's overrides,
 * `dataDir` resolved next to the file, the wallet frame's files read, logging at `info` by default.
 *
 * @param parameters - arguments (after `node script`) and environment
 * @returns the configuration
 * @example
 * const config = loadConfig({ argv: ['portico.json'], env: { PORT: '8080' } })
 */
export function loadConfig({ argv = process.argv.slice(2), env = process.env }: MainParameters = {}): ServerConfig {
  const file = argv.find((arg) => !arg.startsWith('--'))
  let config: ServerConfig = { dataDir: 'portico-data', chains: [] }
  let base = process.cwd()
  if (file) {
    const path = resolve(file)
    config = { ...config, ...readConfigFile(path) }
    base = dirname(path)
  }
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = Number(env.PORT)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got ${env.PORT}`)
    config.port = port
  }
  if (env.HOST) config.host = env.HOST
  if (env.DATA_DIR) config.dataDir = env.DATA_DIR
  if (env.DATABASE_URL) config.database = { ...config.database, url: env.DATABASE_URL }
  if (env.REDIS_URL) config.redis = { url: env.REDIS_URL }
  config.dataDir = resolve(base, config.dataDir)
  config.log = { level: 'info', ...config.log }
  // A JSON file names the built wallet frame by its files: `auth.frame: { scriptFile, styleFile }`.
  const frame = config.auth?.frame as { script?: unknown; style?: unknown; scriptFile?: unknown; styleFile?: unknown } | undefined
  if (config.auth && frame && typeof frame.scriptFile === 'string' && typeof frame.styleFile === 'string') {
    const read = (file: string) => {
      try {
        return readFileSync(resolve(base, file), 'utf8')
      } catch (error) {
        throw new Error(`Could not read the wallet frame file ${resolve(base, file)}: ${(error as Error).message}`)
      }
    }
    config.auth = { ...config.auth, frame: { script: read(frame.scriptFile), style: read(frame.styleFile) } }
  }
  return config
}

/**
 * Reads the configuration from argv and env ({@link loadConfig}) and starts the server.
 *
 * @param parameters - arguments (after `node script`) and environment; default `process`'s
 * @returns the running server
 * @example
 * await main({ argv: ['portico.json'], env: { PORT: '8080' } })
 */
export async function main(parameters: MainParameters = {}): Promise<PorticoServer> {
  return createServer(loadConfig(parameters))
}

const usage = `Usage: portico-server [config.json]
       portico-server --check-config config.json

Starts the Portico server (wallet directory, blockchain API, RPC proxy, WalletConnect relay) with
the configuration in config.json (see config.schema.json beside the server). PORT, HOST, DATA_DIR,
DATABASE_URL and REDIS_URL override the file. SIGTERM drains and stops it.`

/**
 * The command line: `--help`, `--check-config <file>` (exit 0 when the file is valid, 1 with its
 * problems on stderr otherwise), or start the server, print `Portico server listening at <url>`
 * and drain and stop on SIGTERM or SIGINT (exit 0; 1 when the shutdown failed).
 *
 * @param argv - the arguments after `node script`
 * @returns once the server runs, or the check is done (the exit code is set on `process`)
 * @example
 * await runCli(['--check-config', 'portico.json'])
 */
export async function runCli(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    return
  }
  const unknown = argv.filter((arg) => arg.startsWith('-') && arg !== '--check-config')
  if (unknown.length > 0) {
    console.error(`portico-server: unknown option ${unknown[0]}\n\n${usage}`)
    process.exitCode = 2
    return
  }
  if (argv.includes('--check-config')) {
    const file = argv.find((arg) => !arg.startsWith('--'))
    if (!file) {
      console.error(`portico-server: --check-config needs a file\n\n${usage}`)
      process.exitCode = 2
      return
    }
    try {
      loadConfig({ argv: [file], env: {} })
      console.log(`${resolve(file)}: a valid Portico server configuration`)
    } catch (error) {
      console.error((error as Error).message)
      process.exitCode = 1
    }
    return
  }
  let server: PorticoServer
  try {
    server = await main({ argv })
  } catch (error) {
    const message = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `Port is already in use: ${(error as Error).message}` : (error as Error).message
    console.error(`Portico server failed to start: ${message}`)
    process.exitCode = 1
    return
  }
  console.log(`Portico server listening at ${server.url}`)
  const stop = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, `${signal}: shutting down`)
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Portico server did not stop cleanly: ${(error as Error).message}`)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

// Run as a program (`node main.js`, `tsx server/main.ts`, or the package's bin, a symlink to it).
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(resolve(process.argv[1]))) {
  void runCli()
}
