/**
 * Runs the Portico server standalone, for self-hosters.
 *
 *   npx tsx server/main.ts [config.json]
 *
 * The optional JSON file holds a `ServerConfig` (without `extend`); relative `dataDir` paths are
 * resolved against the file's folder. `PORT`, `HOST`, `DATA_DIR`, `DATABASE_URL` (Postgres) and
 * `REDIS_URL` override the file.
 * Without a file: no chains, data in `./portico-data`, port 4700. Prints one line with the URL.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from './createServer.js'
import type { PorticoServer, ServerConfig } from './createServer.js'

export type MainParameters = { argv?: readonly string[]; env?: NodeJS.ProcessEnv }

/**
 * Reads the configuration from argv and env, starts the server, prints
 * `Portico server listening at <url>`, and stops it cleanly on SIGINT/SIGTERM.
 *
 * @param parameters - arguments (after `node script`) and environment; default `process`'s
 * @returns the running server
 * @example
 * await main({ argv: ['portico.json'], env: { PORT: '8080' } })
 */
export async function main({ argv = process.argv.slice(2), env = process.env }: MainParameters = {}): Promise<PorticoServer> {
  const file = argv[0]
  let config: ServerConfig = { dataDir: 'portico-data', chains: [] }
  let base = process.cwd()
  if (file) {
    const path = resolve(file)
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new Error(`Could not read the config file ${path}: ${(error as Error).message}`)
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${path} must hold a JSON object`)
    config = { ...config, ...(parsed as Partial<ServerConfig>) }
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
  return createServer(config)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().then(
    (server) => {
      console.log(`Portico server listening at ${server.url}`)
      const stop = () => {
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        )
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    },
    (error: NodeJS.ErrnoException) => {
      const message = error.code === 'EADDRINUSE' ? `Port is already in use: ${error.message}` : error.message
      console.error(`Portico server failed to start: ${message}`)
      process.exit(1)
    },
  )
}
