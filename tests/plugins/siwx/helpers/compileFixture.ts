import { readFile } from 'node:fs/promises'
import type { Abi, Hex } from 'viem'

export type CompiledFixture = Record<string, { abi: Abi; bytecode: Hex }>

/**
 * Compiles tests/plugins/siwx/fixtures/<file>.sol with the solc npm package (no imports);
 * sandbox/devnets/compileContract.ts only reads sandbox/devnets/contracts/, hence this.
 */
export async function compileFixture(file: string): Promise<CompiledFixture> {
  const source = await readFile(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')
  const solc = (await import('solc')).default as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { [file]: { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const contracts = output.contracts?.[file] ?? {}
  return Object.fromEntries(Object.entries(contracts).map(([name, c]) => [name, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex }]))
}
