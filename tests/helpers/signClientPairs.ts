// Official `@walletconnect/sign-client`s on both sides of our relay, for the relay's load,
// restart and shutdown tests: a dapp and a wallet that approves every proposal and signs every
// personal_sign with a real key.
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export type SignClientInstance = InstanceType<typeof SignClient>

/** The wallets' key (anvil's first account). */
export const pairAccount = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
export const pairChains = ['eip155:31337']

/** A sign-client on `relayUrl`, storage in memory, telemetry off. */
export async function initSignClient(name: string, relayUrl: string, projectId = 'portico-relay-test'): Promise<SignClientInstance> {
  const options: SignClientTypes.Options = {
    projectId,
    relayUrl,
    customStoragePrefix: `portico-${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: `Portico test ${name}`, url: 'http://127.0.0.1', icons: [] },
  }
  return SignClient.init(options)
}

/** Stops a client's heartbeat and closes its socket for good. */
export async function shutdownSignClient(client: SignClientInstance | undefined): Promise<void> {
  if (!client) return
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}

/** Makes `wallet` approve every proposal for {@link pairChains} and sign every personal_sign. */
export function serveAsWallet(wallet: SignClientInstance): { requests: number[] } {
  const requests: number[] = []
  wallet.on('session_proposal', async ({ id, params }) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: { chains: pairChains, methods: ['personal_sign'], events: ['accountsChanged'], accounts: pairChains.map((chain) => `${chain}:${pairAccount.address}`) },
      },
    })
    await wallet.approve({ id, namespaces })
  })
  wallet.on('session_request', async ({ topic, id, params }) => {
    requests.push(id)
    const [message] = params.request.params as [Hex, string]
    const signature = await pairAccount.signMessage({ message: { raw: message } })
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })
  return { requests }
}

/** Pairs `dapp` with `wallet` (which must {@link serveAsWallet}) and returns the settled session. */
export async function pairSignClients(dapp: SignClientInstance, wallet: SignClientInstance): Promise<SessionTypes.Struct> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: { eip155: { chains: pairChains, methods: ['personal_sign'], events: ['accountsChanged'] } },
  })
  // Asked for before the wallet pairs: approval() called after the session settled never resolves.
  const approved = approval()
  await wallet.pair({ uri: uri! })
  return approved
}

/** A personal_sign from `dapp` over `session`; throws unless the wallet's signature verifies. */
export async function signOver(dapp: SignClientInstance, session: SessionTypes.Struct, text: string): Promise<void> {
  const message = toHex(text)
  const signature = (await dapp.request({
    topic: session.topic,
    chainId: pairChains[0]!,
    request: { method: 'personal_sign', params: [message, pairAccount.address] },
  })) as Hex
  if (!(await verifyMessage({ address: pairAccount.address, message: { raw: message }, signature }))) {
    throw new Error(`The signature of "${text}" does not verify`)
  }
}

/**
 * Records every JSON-RPC error the relay answers `client` with (the relayer emits each answer it
 * gets as `relayer_message_ack`): the 2.25 client retries an errored publish once, then drops it.
 */
export function watchRelayErrors(client: SignClientInstance): { errors: string[]; stop(): void } {
  const errors: string[] = []
  const listener = (payload: { error?: { code: number; message: string } }) => {
    if (payload.error) errors.push(`${payload.error.code} ${payload.error.message}`)
  }
  client.core.relayer.on('relayer_message_ack', listener)
  return { errors, stop: () => client.core.relayer.off('relayer_message_ack', listener) }
}

/**
 * Records every unhandled promise rejection in this process until `stop()` (the 2.25 client's
 * publisher rejects unobserved when a retried publish is answered with an error).
 */
export function watchUnhandledRejections(): { reasons: string[]; stop(): void } {
  const reasons: string[] = []
  const listener = (reason: unknown) => {
    reasons.push(reason instanceof Error ? reason.message : JSON.stringify(reason))
  }
  process.on('unhandledRejection', listener)
  return { reasons, stop: () => process.off('unhandledRejection', listener) }
}

/** A dapp, its wallet and their session. */
export type SignClientPair = { dapp: SignClientInstance; wallet: SignClientInstance; session: SessionTypes.Struct }

/** Two sign-clients on the given relays, the wallet serving, paired. */
export async function startSignClientPair(name: string, dappRelayUrl: string, walletRelayUrl = dappRelayUrl): Promise<SignClientPair> {
  const [dapp, wallet] = await Promise.all([initSignClient(`${name}-dapp`, dappRelayUrl), initSignClient(`${name}-wallet`, walletRelayUrl)])
  serveAsWallet(wallet)
  return { dapp, wallet, session: await pairSignClients(dapp, wallet) }
}

async function until(check: () => boolean, what: string | (() => string), timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** `promise`, or an error naming `what` after `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs))),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** What {@link signAcrossOutage} saw. */
export type OutageOutcome<T> = {
  /** Requests that failed (none expected). */
  failures: string[]
  /** Unhandled rejections in this process, where every client runs. */
  rejections: string[]
  /** JSON-RPC errors the relay answered any client with. */
  relayErrors: string[]
  /** Answers per pair before and after the outage. */
  answered: number[]
  /** What `outage()` resolved with. */
  outageResult: T
}

/**
 * The relay-outage scenario of issue 54: `pairs` sign in a tight loop; once each has three answers,
 * frames of every kind are put in flight (`newcomer` pairs again: subscribe, wc_proposeSession,
 * wc_approveSession; a ping; a wallet event; `leaver` disconnects: unsubscribe and a delete) and
 * `outage()` runs (a restart, a shutdown); then every pair must get three more answers, the
 * second session must sign, and the leaver's wallet must see the disconnect.
 */
export async function signAcrossOutage<T>(parameters: {
  pairs: SignClientPair[]
  newcomer: SignClientPair
  leaver: SignClientPair
  outage: () => Promise<T>
  timeoutMs?: number
}): Promise<OutageOutcome<T>> {
  const { pairs, newcomer, leaver, outage, timeoutMs = 90_000 } = parameters
  const clients = [...pairs, newcomer, leaver].flatMap((pair) => [pair.dapp, pair.wallet])
  const rejections = watchUnhandledRejections()
  const relayErrors = clients.map((client) => watchRelayErrors(client))
  try {
    const failures: string[] = []
    const answered = pairs.map(() => 0)
    let stop = false
    const loops = pairs.map(async ({ dapp, session }, index) => {
      for (let i = 0; !stop; i += 1) {
        try {
          await signOver(dapp, session, `pair ${index} request ${i}`)
          answered[index]! += 1
        } catch (error) {
          failures.push(`pair ${index} request ${i}: ${(error as Error).message}`)
        }
      }
    })
    await until(() => answered.every((count) => count >= 3), 'three answers per pair', 30_000)

    // Frames of every kind in flight as the outage begins.
    const secondSession = pairSignClients(newcomer.dapp, newcomer.wallet)
    const ping = pairs[0]!.dapp.ping({ topic: pairs[0]!.session.topic })
    const event = pairs[1 % pairs.length]!.wallet.emit({
      topic: pairs[1 % pairs.length]!.session.topic,
      chainId: pairChains[0]!,
      event: { name: 'accountsChanged', data: [pairAccount.address] },
    })
    const disconnect = leaver.dapp.disconnect({ topic: leaver.session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    const outageResult = await within(outage(), 30_000, 'the outage to end')

    const atOutage = answered.slice()
    await until(() => answered.every((count, index) => count >= atOutage[index]! + 3), () => `three more answers per pair after the outage (at the outage: ${atOutage.join(', ')}; now: ${answered.join(', ')})`, timeoutMs)
    stop = true
    await within(Promise.all(loops), timeoutMs, "the pairs' last requests")
    await within(ping, timeoutMs, 'the ping sent as the outage began')
    await within(event, timeoutMs, 'the event sent as the outage began')
    await within(disconnect, timeoutMs, 'the disconnect sent as the outage began')
    const session = await within(secondSession, timeoutMs, 'the session proposed as the outage began to settle')
    await within(signOver(newcomer.dapp, session, 'on the session paired across the outage'), timeoutMs, 'a request on the session paired across the outage')
    await until(() => leaver.wallet.session.getAll().every((entry) => entry.topic !== leaver.session.topic), 'the wallet to see the disconnect', 30_000)
    return { failures, rejections: rejections.reasons, relayErrors: relayErrors.flatMap((watch) => watch.errors), answered, outageResult }
  } finally {
    rejections.stop()
    for (const watch of relayErrors) watch.stop()
  }
}
