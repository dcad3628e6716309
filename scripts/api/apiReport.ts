// The public API report: API Extractor's report (api/<entry>.api.md) of every entry's built types,
// one file per `exports` entry of package.json, committed and reviewed like code.
//
//   npm run api            rewrites api/ from dist/types (after `npm run build`)
//   npm run api -- --check  fails, naming each changed entry, when dist/types differ from api/
//
// API Extractor reads one entry point per run; the runs share one TypeScript program
// (CompilerState with every entry as an additional entry point), so the 50 reports cost one
// analysis. The report is the 'complete' variant (no release tags in this project) and includes the
// types an entry uses without exporting them (includeForgottenExports), so a change to those shows
// too. `npm test` runs the check after the build (scripts/test.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, ExtractorMessageCategory, type ExtractorMessage, type IConfigFile } from '@microsoft/api-extractor'

const root = join(import.meta.dirname, '../..')
export const reportFolder = join(root, 'api')
const tempFolder = join(root, '.portico/api-report')

/** `.` → `portico`, `./bip122/server` → `portico-bip122-server`: the report's file name without `.api.md`. */
export function reportName(subpath: string): string {
  return subpath === '.' ? 'portico' : `portico-${subpath.slice(2).replaceAll('/', '-')}`
}

/** Every entry of package.json's `exports` that has types, with its declaration file. */
export function typedEntries(): { subpath: string; types: string }[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> }
  return Object.entries(pkg.exports).flatMap(([subpath, target]) =>
    typeof target === 'object' && target.types ? [{ subpath, types: join(root, target.types) }] : [],
  )
}

function extractorConfig(entry: { subpath: string; types: string }): ExtractorConfig {
  const configObject: IConfigFile = {
    projectFolder: root,
    mainEntryPointFilePath: entry.types,
    compiler: {
      // The declarations as a site's compiler reads them: the package resolves its own name
      // (`portico/eip155` in a declaration) through `exports`, the rest from node_modules.
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: [entry.types],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: reportName(entry.subpath),
      reportFolder,
      reportTempFolder: tempFolder,
      includeForgottenExports: true,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    newlineKind: 'lf',
    messages: {
      // The project writes plain JSDoc, not TSDoc, and tags no release levels: those findings are
      // noise. A declaration the report cannot name is still shown in the report itself.
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // The report prints those types itself (includeForgottenExports), without `export`.
        'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // JSDoc {@link}s name things by their source names, not by an entry's exports.
        'ae-unresolved-link': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // Whether a member has a doc comment is the docs check's business, and the finding's line
        // numbers would change the report on any edit of the declarations above it.
        'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
      },
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
    },
  }
  return ExtractorConfig.prepare({ configObject, configObjectFullPath: undefined, packageJsonFullPath: join(root, 'package.json') })
}

export interface ApiReportResult {
  /** Entries whose built types differ from the committed report (or that have none), with API Extractor's diff. */
  changed: { subpath: string; diff: string }[]
  /** Committed reports that no entry writes any more. */
  stale: string[]
  /** Errors API Extractor reported (a build that is missing, a declaration it cannot read). */
  errors: string[]
}

/** Runs API Extractor over every entry; `update` writes api/, otherwise api/ is only compared. */
export function runApiReport(update: boolean): ApiReportResult {
  const entries = typedEntries()
  const missing = entries.filter((e) => !existsSync(e.types))
  if (missing.length) {
    return { changed: [], stale: [], errors: [`dist/types is missing ${missing.map((e) => relative(root, e.types)).join(', ')}: run \`npm run build\` first.`] }
  }
  rmSync(tempFolder, { recursive: true, force: true })
  mkdirSync(tempFolder, { recursive: true })
  mkdirSync(reportFolder, { recursive: true })
  const configs = entries.map((entry) => ({ entry, config: extractorConfig(entry) }))
  const compilerState = CompilerState.create(configs[0]!.config, { additionalEntryPoints: entries.map((e) => e.types) })
  const result: ApiReportResult = { changed: [], stale: [], errors: [] }
  for (const { entry, config } of configs) {
    const messages: string[] = []
    let diff = ''
    const outcome = Extractor.invoke(config, {
      compilerState,
      localBuild: update,
      printApiReportDiff: !update,
      messageCallback: (message: ExtractorMessage) => {
        if (message.messageId === 'console-api-report-diff') diff = message.text
        if (message.logLevel === ExtractorLogLevel.Error) messages.push(message.text)
        // API Extractor's own lines (progress, 'copy the file …', the diff) are said below in this
        // script's words; its findings about the declarations still print.
        if (message.category === ExtractorMessageCategory.Console || message.logLevel === ExtractorLogLevel.Info || message.logLevel === ExtractorLogLevel.Verbose) message.handled = true
      },
    })
    if (outcome.apiReportChanged) result.changed.push({ subpath: entry.subpath, diff })
    if (messages.length || outcome.errorCount > 0) {
      result.errors.push(`${entry.subpath}: ${messages.join('; ') || `API Extractor failed (${outcome.errorCount} errors)`}`)
    }
  }
  const written = new Set(entries.map((e) => `${reportName(e.subpath)}.api.md`))
  for (const file of readdirSync(reportFolder)) {
    if (!file.endsWith('.api.md') || written.has(file)) continue
    if (update) rmSync(join(reportFolder, file))
    else result.stale.push(file)
  }
  return result
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check')
  const { changed, stale, errors } = runApiReport(!check)
  for (const error of errors) console.error(`✖ ${error}`)
  if (check && (changed.length || stale.length)) {
    console.error('The public types differ from the reviewed API report (api/):')
    for (const { subpath, diff } of changed) {
      console.error(`  - ${subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`} (api/${reportName(subpath)}.api.md)`)
      const lines = diff.split('\n').filter((line) => /^[+-](?![+-]{2})/.test(line))
      for (const line of lines.slice(0, 20)) console.error(`      ${line}`)
      if (lines.length > 20) console.error(`      … ${lines.length - 20} more changed lines`)
    }
    for (const file of stale) console.error(`  - api/${file} belongs to no entry any more`)
    console.error(`The built reports are in ${relative(root, tempFolder)}/ (diff them against api/).`)
    console.error('If the change is meant: `npm run build && npm run api`, review the diff of api/, and commit it with a changeset (docs/releasing.md).')
    process.exit(1)
  }
  if (errors.length) process.exit(1)
  if (!check) console.log(`api/: ${typedEntries().length} reports${changed.length ? `, ${changed.length} changed: ${changed.map((c) => c.subpath).join(', ')}` : ', none changed'}`)
  else console.log(`api/: the ${typedEntries().length} reports match the built types`)
}
