import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import type { SourceFile } from './checkBoundaries.js'

/** One fixed sleep: where it is and what form it takes. */
export type FixedSleep = { path: string; line: number; form: string }

/** Every script under `folder` (`.ts`, `.tsx`, `.mts`, `.cts`, `.js`, `.mjs`, `.cjs`), by its path relative to `root`. */
export function readTestSources(root: string, folder = 'tests'): SourceFile[] {
  const files: SourceFile[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (/\.[mc]?[jt]sx?$/.test(name) && !name.endsWith('.d.ts')) files.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') })
    }
  }
  walk(join(root, folder))
  return files
}

const isLoop = (node: ts.Node) => ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)
const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)

/** Whether `node` sits in a loop of its own function: the pause between two checks of a condition, not a sleep. */
function inLoop(node: ts.Node): boolean {
  for (let at = node.parent; at && !isFunction(at); at = at.parent) if (isLoop(at)) return true
  return false
}

/** Whether `node` is an element of `Promise.race([...])`: a deadline beside the awaited work, not a sleep. */
function inRace(node: ts.Node): boolean {
  const list = node.parent
  if (!list || !ts.isArrayLiteralExpression(list)) return false
  const call = list.parent
  return !!call && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === 'race' && ts.isIdentifier(call.expression.expression) && call.expression.expression.text === 'Promise'
}

/** A zero or absent delay is one turn of the event loop (pending promises settle), not a wait on time. */
const isZero = (delay: ts.Expression | undefined) => delay === undefined || (ts.isNumericLiteral(delay) && Number(delay.text) === 0)

/** Whether `fn` is `resolve` itself or a function that calls it. */
function resolvesWith(fn: ts.Expression, resolve: string): boolean {
  if (ts.isIdentifier(fn)) return fn.text === resolve
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false
  let found = false
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === resolve) found = true
    if (!found) ts.forEachChild(node, visit)
  }
  visit(fn.body)
  return found
}

/**
 * The fixed sleeps in `files`: a wait on time where a test should wait on a condition.
 *
 * - a promise its own timer resolves (`new Promise((r) => setTimeout(r, 50))`, `setTimeout(() => resolve(x), n)`);
 * - `sleep(…)`, `delay(…)`, the promise form of `setTimeout` from `node:timers/promises`, `scheduler.wait(…)`;
 * - Playwright's `waitForTimeout(…)`; `Atomics.wait(…)`.
 *
 * Not sleeps: a zero delay (one turn of the event loop), a timer inside `Promise.race([…])` or in a
 * promise that something else resolves too (a deadline beside the awaited work) and a pause inside a loop of its own function (the interval between two checks
 * of a condition, as in a poll).
 *
 * @param files the sources to check, by path
 * @returns each sleep with its file, line and form
 * @example
 * checkFixedSleeps([{ path: 'tests/a.test.ts', text: 'await new Promise((r) => setTimeout(r, 50))' }])
 * // [{ path: 'tests/a.test.ts', line: 1, form: 'a promise resolved by setTimeout(…, 50)' }]
 */
export function checkFixedSleeps(files: readonly SourceFile[]): FixedSleep[] {
  const out: FixedSleep[] = []
  for (const file of files) {
    // Each form names one of these; a file without any has no sleep to parse for.
    if (!/setTimeout|sleep|delay|waitForTimeout|Atomics|scheduler/.test(file.text)) continue
    const kind = file.path.endsWith('x') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file.path) ? ts.ScriptKind.JS : ts.ScriptKind.TS
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind)
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
    const report = (node: ts.Node, form: string) => out.push({ path: file.path, line: lineOf(node), form })
    // Local names bound to the promise form of setTimeout (`import { setTimeout as wait } from 'node:timers/promises'`).
    const promiseTimers = new Set<string>()
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(node:)?timers\/promises$/.test(node.moduleSpecifier.text)) {
        const bindings = node.importClause?.namedBindings
        if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === 'setTimeout') promiseTimers.add(el.name.text)
        if (bindings && ts.isNamespaceImport(bindings)) promiseTimers.add(`${bindings.name.text}.setTimeout`)
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Promise' && !inLoop(node) && !inRace(node)) {
        const executor = node.arguments?.[0]
        const param = executor && (ts.isArrowFunction(executor) || ts.isFunctionExpression(executor)) ? executor.parameters[0] : undefined
        if (executor && param && ts.isIdentifier(param.name)) {
          const resolve = param.name.text
          const timers: ts.CallExpression[] = []
          let otherwise = false
          const find = (inner: ts.Node) => {
            if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'setTimeout') {
              const [fn, delay] = inner.arguments
              if (fn && resolvesWith(fn, resolve) && !isZero(delay)) return void timers.push(inner)
            }
            if (ts.isIdentifier(inner) && inner.text === resolve && inner !== param.name) otherwise = true
            ts.forEachChild(inner, find)
          }
          find(executor)
          // A promise that something else resolves too (an event, an answer) has the timer as its deadline.
          if (!otherwise) for (const timer of timers) report(timer, `a promise resolved by setTimeout(…, ${timer.arguments[1]?.getText(source)})`)
        }
      }
      if (ts.isCallExpression(node) && !inLoop(node)) {
        const callee = node.expression
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? `${callee.expression.getText(source)}.${callee.name.text}` : undefined
        const last = ts.isPropertyAccessExpression(callee) ? callee.name.text : name
        if (name === 'sleep' || name === 'delay') report(node, `${name}(…)`)
        else if (name && promiseTimers.has(name) && !isZero(node.arguments[0])) report(node, `${name}(…) from node:timers/promises`)
        else if (name === 'scheduler.wait') report(node, 'scheduler.wait(…)')
        else if (name === 'Atomics.wait') report(node, 'Atomics.wait(…)')
        else if (last === 'waitForTimeout' && ts.isPropertyAccessExpression(callee)) report(node, `${name}(…)`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return out
}
