// The send toast that follows a transaction (issue 14, acceptance 3), over a real Portico with the
// kernel's test chain: the chain's waitForTransaction tap is what the test controls.
import '../../helpers/sendLoaded.js'
import { describe, expect, it, vi } from 'vitest'
import { followTransaction } from '../../../plugins/send/actions/followTransaction.js'
import { send } from '../../../plugins/send/send.js'
import { createTestPortico, evmA, newWallet, testChain } from '../../kernel/helpers/testKit.js'
import { sendContext } from './helpers.js'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

const explorerNetwork = { ...evmA, blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:7000/explorer/' } } }
const hash = '0x' + 'ab'.repeat(32)

function setup() {
  const { portico } = createTestPortico({ networks: [explorerNetwork], plugins: [testChain('eip155', newWallet()), send()] })
  portico.explorers.register('eip155', { address: () => undefined, transaction: (network, h) => `${network.blockExplorers?.default.url}tx/${h}` })
  const answers: ReturnType<typeof deferred<{ status: 'confirmed' | 'failed'; hash?: string } | undefined>>[] = []
  const asked: string[] = []
  portico.chains.register({ namespace: 'eip155', waitForTransaction: (request) => {
    asked.push(`${request.namespace} ${request.network.caipNetworkId} ${request.hash}`)
    const answer = deferred<{ status: 'confirmed' | 'failed'; hash?: string } | undefined>()
    answers.push(answer)
    return answer.promise
  } })
  const toast = () => {
    const { open, message, variant, link } = portico.stores.toasts
    return { open, message, variant, link }
  }
  return { portico, answers, asked, toast }
}

const link = { href: `http://127.0.0.1:7000/explorer/tx/${hash}`, label: 'toast.viewOnExplorer' }

describe('followTransaction', () => {
  it('shows pending with the explorer link, then confirmed', async () => {
    const { portico, answers, asked, toast } = setup()
    const following = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash)
    expect(toast()).toEqual({ open: true, message: 'toast.transactionPending', variant: 'loading', link })
    expect(asked).toEqual([`eip155 eip155:1 ${hash}`])
    answers[0]?.resolve({ status: 'confirmed' })
    await following
    await vi.waitFor(() => expect(toast()).toEqual({ open: true, message: 'toast.transactionConfirmed', variant: 'success', link }))
    portico.destroy()
  })

  it('links the settled toast to the hash the chain knows when the tap names another (a Safe executed its safeTxHash)', async () => {
    const { portico, answers, toast } = setup()
    const executed = '0x' + 'cd'.repeat(32)
    const following = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash)
    expect(toast().link).toEqual(link)
    answers[0]?.resolve({ status: 'confirmed', hash: executed })
    await following
    await vi.waitFor(() => expect(toast()).toEqual({ open: true, message: 'toast.transactionConfirmed', variant: 'success', link: { href: `http://127.0.0.1:7000/explorer/tx/${executed}`, label: 'toast.viewOnExplorer' } }))
    portico.destroy()
  })

  it('a reverted transaction shows failed', async () => {
    const { portico, answers, toast } = setup()
    const following = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash)
    answers[0]?.resolve({ status: 'failed' })
    await following
    await vi.waitFor(() => expect(toast()).toEqual({ open: true, message: 'toast.transactionFailed', variant: 'error', link }))
    portico.destroy()
  })

  it('a tap that throws or passes: "could not confirm", and the error is reported', async () => {
    const { portico, answers, toast } = setup()
    const errors: unknown[] = []
    portico.hooks.error.tap('test', (event) => void errors.push(event.error))
    const following = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash)
    answers[0]?.reject(new Error('RPC down'))
    await following
    await vi.waitFor(() => expect(toast()).toMatchObject({ open: true, message: 'toast.transactionUnknown', variant: 'error' }))
    expect(String(errors[0])).toContain('RPC down')
    const again = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash)
    answers[1]?.resolve(undefined)
    await again
    await vi.waitFor(() => expect(toast()).toMatchObject({ open: true, message: 'toast.transactionUnknown', variant: 'error' }))
    portico.destroy()
  })

  it('a newer transaction keeps the toast: the older one settling later does not replace it', async () => {
    const { portico, answers, toast } = setup()
    const first = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash)
    const second = followTransaction(sendContext(portico), 'eip155', explorerNetwork, '0x' + 'cd'.repeat(32))
    answers[0]?.resolve({ status: 'failed' })
    // followTransaction settles after the toast it would show: the older one has had its say (a toast of
    // its own would have cancelled the newer one's, which shows after the swap delay).
    await first
    await vi.waitFor(() => expect(toast()).toMatchObject({ open: true, message: 'toast.transactionPending' }))
    expect(toast().link?.href).toContain('cd'.repeat(32))
    answers[1]?.resolve({ status: 'confirmed' })
    await second
    await vi.waitFor(() => expect(toast()).toMatchObject({ open: true, message: 'toast.transactionConfirmed' }))
    portico.destroy()
  })

  it('without a tap for the namespace, or without an explorer: "Transaction started", no link', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), send()] })
    await followTransaction(sendContext(portico), 'eip155', evmA, hash)
    expect(portico.stores.toasts).toMatchObject({ open: true, message: 'toast.transactionStarted', variant: 'success', link: undefined })
    portico.destroy()
  })
})

describe('followTransaction with the success screen', () => {
  it('gives each step to the screen while it shows it, and no toast; the toast takes over once the screen is left', async () => {
    const { portico, answers, toast } = setup()
    const steps: string[] = []
    let onScreen = true
    const following = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash, (progress, explorer) => {
      steps.push(`${progress} ${explorer}`)
      return onScreen
    })
    expect(steps).toEqual([`pending ${link.href}`])
    expect(toast().open).toBe(false)
    // The visitor pressed Done (or closed the modal) before the receipt: the toast says how it ended.
    onScreen = false
    answers[0]?.resolve({ status: 'confirmed' })
    await following
    expect(steps).toEqual([`pending ${link.href}`, `confirmed ${link.href}`])
    await vi.waitFor(() => expect(toast()).toEqual({ open: true, message: 'toast.transactionConfirmed', variant: 'success', link }))
    portico.destroy()
  })

  it('an older send settling after a newer one tells its screen, not the toast', async () => {
    const { portico, answers, toast } = setup()
    const older: string[] = []
    const first = followTransaction(sendContext(portico), 'eip155', explorerNetwork, hash, (progress) => (older.push(progress), false))
    const second = followTransaction(sendContext(portico), 'eip155', explorerNetwork, '0x' + 'cd'.repeat(32))
    answers[0]?.resolve({ status: 'failed' })
    await first
    expect(older).toEqual(['pending', 'failed'])
    await vi.waitFor(() => expect(toast()).toMatchObject({ open: true, message: 'toast.transactionPending' }))
    answers[1]?.resolve({ status: 'confirmed' })
    await second
    portico.destroy()
  })
})
