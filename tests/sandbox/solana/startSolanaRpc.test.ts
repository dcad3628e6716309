import { createServer } from 'node:net'

import {
  type KeyPairSigner,
  type Signature,
  airdropFactory,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'

import { PortInUseError } from '../../../sandbox/devnets/errors.js'
import { type SolanaRpc, startSolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'

type JsonRpcReply = { jsonrpc: '2.0'; id: unknown; result?: any; error?: { code: number; message: string; data?: any } }

const sol = 1_000_000_000n
const connect = (solana: SolanaRpc) => ({
  rpc: createSolanaRpc(devnet(solana.rpcUrl)),
  subscriptions: createSolanaRpcSubscriptions(devnet(solana.wsUrl)),
})
const fee = 5_000n

describe('startSolanaRpc', () => {
  let solana: SolanaRpc
  let rpc: ReturnType<typeof connect>['rpc']
  let subscriptions: ReturnType<typeof connect>['subscriptions']
  let alice: KeyPairSigner
  let bob: KeyPairSigner

  async function post(body: unknown, init: RequestInit = {}): Promise<{ status: number; headers: Headers; json: any }> {
    const response = await fetch(solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined }
  }
  const call = async (method: string, params?: unknown): Promise<JsonRpcReply> =>
    (await post({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) })).json
  const balance = async (address: string) => (await rpc.getBalance(address as never).send()).value

  async function transfer(from: KeyPairSigner, to: string, amount: bigint) {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: from, destination: to as never, amount }), m),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    assertIsTransactionWithBlockhashLifetime(transaction)
    return transaction
  }

  function openSocket(): Promise<{ socket: WebSocket; next: () => Promise<any> }> {
    const socket = new WebSocket(solana.wsUrl)
    const queue: any[] = []
    const waiters: ((value: any) => void)[] = []
    socket.on('message', (data) => {
      const parsed = JSON.parse(data.toString())
      const waiter = waiters.shift()
      if (waiter) waiter(parsed)
      else queue.push(parsed)
    })
    const next = () =>
      new Promise<any>((resolve, reject) => {
        if (queue.length > 0) return resolve(queue.shift())
        const timer = setTimeout(() => reject(new Error('no websocket message within 5 s')), 5_000)
        waiters.push((value) => {
          clearTimeout(timer)
          resolve(value)
        })
      })
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, next }))
      socket.once('error', reject)
    })
  }

  beforeAll(async () => {
    solana = await startSolanaRpc()
    ;({ rpc, subscriptions } = connect(solana))
    alice = await generateKeyPairSigner()
    bob = await generateKeyPairSigner()
    await airdropFactory({ rpc, rpcSubscriptions: subscriptions })({
      recipientAddress: alice.address,
      lamports: lamports(2n * sol),
      commitment: 'confirmed',
    })
  })
  afterAll(async () => {
    await solana?.stop()
  })

  it('serves HTTP and WebSocket on one port of 127.0.0.1, with the basic node methods', async () => {
    expect(solana.rpcUrl).toBe(`http://127.0.0.1:${solana.port}`)
    expect(solana.wsUrl).toBe(`ws://127.0.0.1:${solana.port}`)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(await rpc.getGenesisHash().send()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBe(slot)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.absoluteSlot).toBe(slot)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    expect(latest.lastValidBlockHeight).toBeGreaterThan(slot)
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true)
    expect((await rpc.isBlockhashValid('11111111111111111111111111111111' as never).send()).value).toBe(false)
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    expect(await balance(alice.address)).toBe(2n * sol)
  })

  it('makes a real SOL transfer signed by a real key, confirmed through signatureSubscribe', async () => {
    const amount = 123_456_789n
    const transaction = await transfer(alice, bob.address, amount)
    const signature = getSignatureFromTransaction(transaction)
    const slotBefore = await rpc.getSlot().send()

    // Subscribe before sending; the notification must arrive when the transaction lands.
    const abort = new AbortController()
    const notifications = await subscriptions.signatureNotifications(signature, { commitment: 'confirmed' }).subscribe({
      abortSignal: abort.signal,
    })
    const firstNotification = (async () => {
      for await (const notification of notifications) return notification
    })()
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })(transaction, { commitment: 'confirmed' })
    const notification = await firstNotification
    abort.abort()
    expect(notification?.value.err).toBeNull()
    expect(notification?.context.slot).toBe(slotBefore + 1n)

    expect(await balance(alice.address)).toBe(2n * sol - amount - fee)
    expect(await balance(bob.address)).toBe(amount)

    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', slot: slotBefore + 1n })

    const landed = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
    expect(landed?.meta?.fee).toBe(fee)
    expect(landed?.meta?.err).toBeNull()
    expect(landed?.meta?.preBalances.slice(0, 2)).toEqual([2n * sol, 0n])
    expect(landed?.meta?.postBalances.slice(0, 2)).toEqual([2n * sol - amount - fee, amount])
    expect(landed?.transaction.signatures).toEqual([signature])
    expect(landed?.transaction.message.accountKeys.slice(0, 2)).toEqual([alice.address, bob.address])

    const base64 = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'base64' }).send()
    expect(base64?.transaction).toEqual([getBase64EncodedWireTransaction(transaction), 'base64'])
    // A v0 transaction needs maxSupportedTransactionVersion, as on a real node.
    expect((await call('getTransaction', [signature])).error?.code).toBe(-32015)
  })

  it('signatureSubscribe notifies at once for a signature that already landed, over a raw socket', async () => {
    const transaction = await transfer(alice, bob.address, 1_000_000n)
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
    const { socket, next } = await openSocket()
    try {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'signatureSubscribe', params: [signature, { commitment: 'finalized' }] }))
      const answer = await next()
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7 })
      expect(typeof answer.result).toBe('number')
      const notification = await next()
      expect(notification).toMatchObject({
        method: 'signatureNotification',
        params: { subscription: answer.result, result: { value: { err: null } } },
      })
      // A landed signature's subscription is finished: unsubscribing it again is an error.
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'signatureUnsubscribe', params: [answer.result] }))
      expect((await next()).error.code).toBe(-32602)
    } finally {
      socket.close()
    }
  })

  it('base58 transactions work too, and slotSubscribe follows the slot', async () => {
    const { socket, next } = await openSocket()
    try {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }))
      const { result: subscription } = await next()
      const transaction = await transfer(alice, bob.address, 1_000_001n)
      const { getBase58Decoder, getTransactionEncoder } = await import('@solana/kit')
      const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(transaction))
      const reply = await call('sendTransaction', [base58]) // base58 is the default encoding
      expect(reply.result).toBe(getSignatureFromTransaction(transaction))
      const slotNotification = await next()
      expect(slotNotification).toMatchObject({ method: 'slotNotification', params: { subscription } })
      expect(slotNotification.params.result.slot).toBe(Number(await rpc.getSlot().send()))
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slotUnsubscribe', params: [subscription] }))
      expect((await next()).result).toBe(true)
    } finally {
      socket.close()
    }
  })

  it('accountSubscribe notifies when the account changes, in the encoding asked for', async () => {
    const { socket, next } = await openSocket()
    try {
      socket.send(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [bob.address, { encoding: 'base64', commitment: 'confirmed' }] }),
      )
      const { result: subscription } = await next()
      expect(typeof subscription).toBe('number')
      const before = await balance(bob.address)
      const transaction = await transfer(alice, bob.address, 7_000_000n)
      await call('sendTransaction', [getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }])
      const notification = await next()
      expect(notification).toMatchObject({
        method: 'accountNotification',
        params: { subscription, result: { value: { lamports: Number(before + 7_000_000n), data: ['', 'base64'] } } },
      })
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'accountUnsubscribe', params: [subscription] }))
      expect((await next()).result).toBe(true)
    } finally {
      socket.close()
    }
  })

  it('rejects an overspend in preflight with -32002 and its logs, and charges nothing', async () => {
    const before = [await balance(alice.address), await balance(bob.address)]
    const transaction = await transfer(alice, bob.address, 50n * sol)
    const reply = await call('sendTransaction', [getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }])
    expect(reply.error?.code).toBe(-32002)
    expect(reply.error?.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect(reply.error?.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(reply.error?.data.logs.join('\n')).toMatch(/insufficient lamports/)

    // The same through @solana/kit: a typed preflight error.
    const error = await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })(transaction, {
      commitment: 'confirmed',
    }).catch((e: unknown) => e)
    expect(isSolanaError(error)).toBe(true)
    expect((error as { context: { __code: number } }).context.__code).toBe(-32002)

    expect([await balance(alice.address), await balance(bob.address)]).toEqual(before)
    const { value } = await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    expect(value[0]).toBeNull()
  })

  it('with skipPreflight, a failing transaction lands with its error and pays only the fee', async () => {
    const before = await balance(alice.address)
    const transaction = await transfer(alice, bob.address, 50n * sol)
    const signature = (
      await call('sendTransaction', [getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight: true }])
    ).result as Signature
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] }) // kit reads numbers as bigints
    expect(await balance(alice.address)).toBe(before - fee)
  })

  it('refuses a transaction signed by the wrong key, and one that cannot pay its fee', async () => {
    const transaction = await transfer(alice, bob.address, 1_000_000n)
    const forged = { ...transaction, signatures: { ...transaction.signatures, [alice.address]: new Uint8Array(64).fill(7) } }
    const wire = getBase64EncodedWireTransaction(forged as typeof transaction)
    expect((await call('sendTransaction', [wire, { encoding: 'base64' }])).error).toMatchObject({
      code: -32003,
      message: 'Transaction signature verification failure',
    })
    expect((await call('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }])).error?.code).toBe(-32003)

    const pauper = await generateKeyPairSigner()
    const broke = await transfer(pauper, bob.address, 1_000_000n)
    const reply = await call('sendTransaction', [getBase64EncodedWireTransaction(broke), { encoding: 'base64', skipPreflight: true }])
    expect(reply.error?.code).toBe(-32002)
    expect(reply.error?.message).toMatch(/Transaction was not processed: Attempt to debit an account but found no record/)
  })

  it('simulates without landing anything, and reports fees for a message', async () => {
    const slot = await rpc.getSlot().send()
    const transaction = await transfer(alice, bob.address, 2_000_000n)
    const wire = getBase64EncodedWireTransaction(transaction)
    const { value } = await rpc
      .simulateTransaction(wire, { encoding: 'base64', accounts: { addresses: [bob.address], encoding: 'base64' } })
      .send()
    expect(value.err).toBeNull()
    expect(value.logs?.join('\n')).toMatch(/success/)
    expect(value.accounts?.[0]?.lamports).toBe((await balance(bob.address)) + 2_000_000n)
    expect(await rpc.getSlot().send()).toBe(slot)
    const { getTransactionDecoder } = await import('@solana/kit')
    const messageBytes = getTransactionDecoder().decode(Buffer.from(wire, 'base64')).messageBytes
    expect((await call('getFeeForMessage', [Buffer.from(messageBytes).toString('base64')])).result.value).toBe(5000)
  })

  it('gives each slot a new blockhash that stays valid for 150 slots, so equal transfers both land', async () => {
    const old = await transfer(alice, bob.address, 3_000_000n)
    const again = await transfer(alice, bob.address, 3_000_000n)
    expect(getSignatureFromTransaction(again)).toBe(getSignatureFromTransaction(old)) // same blockhash: one transaction
    const first = await call('sendTransaction', [getBase64EncodedWireTransaction(old), { encoding: 'base64' }])
    expect(first.result).toBe(getSignatureFromTransaction(old))
    const duplicate = await call('sendTransaction', [getBase64EncodedWireTransaction(again), { encoding: 'base64' }])
    expect(duplicate.error?.data?.err ?? duplicate.error?.message).toMatch(/AlreadyProcessed|already been processed/)

    // The slot moved on, so a new blockhash: the same transfer signed now is a new transaction.
    const fresh = await transfer(alice, bob.address, 3_000_000n)
    expect(fresh.lifetimeConstraint.blockhash).not.toBe(old.lifetimeConstraint.blockhash)
    expect((await call('sendTransaction', [getBase64EncodedWireTransaction(fresh), { encoding: 'base64' }])).result).toBe(
      getSignatureFromTransaction(fresh),
    )

    // A transaction signed with an older (still valid) blockhash lands after others did.
    const stale = await transfer(alice, bob.address, 4_000_000n)
    await call('requestAirdrop', [bob.address, 1_000_000])
    expect((await rpc.isBlockhashValid(stale.lifetimeConstraint.blockhash).send()).value).toBe(true)
    const late = await call('sendTransaction', [getBase64EncodedWireTransaction(stale), { encoding: 'base64' }])
    expect(late.result).toBe(getSignatureFromTransaction(stale))

    // 151 slots later it has expired, as on a real cluster.
    const expiring = await transfer(alice, bob.address, 5_000_000n)
    for (const size of [100, 51]) {
      const batch = Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, method: 'requestAirdrop', params: [bob.address, 1_000_000] }))
      const replies = (await post(batch)).json as JsonRpcReply[]
      expect(replies.every((reply) => typeof reply.result === 'string')).toBe(true)
    }
    expect((await rpc.isBlockhashValid(expiring.lifetimeConstraint.blockhash).send()).value).toBe(false)
    const expired = await call('sendTransaction', [getBase64EncodedWireTransaction(expiring), { encoding: 'base64' }])
    expect(expired.error?.code).toBe(-32002)
    expect(expired.error?.message).toBe('Transaction simulation failed: Blockhash not found')
  })

  it('requestAirdrop lands twice for two equal requests', async () => {
    const carol = await generateKeyPairSigner()
    const first = (await call('requestAirdrop', [carol.address, 1_000_000_000])).result
    const second = (await call('requestAirdrop', [carol.address, 1_000_000_000])).result
    expect(first).not.toBe(second)
    expect(await balance(carol.address)).toBe(2n * sol)
    const dave = await generateKeyPairSigner()
    const tooLittle = await call('requestAirdrop', [dave.address, 10])
    expect(tooLittle.error?.message).toBe('Airdrop failed: Transaction results in an account (1) with insufficient funds for rent')
    expect(await balance(dave.address)).toBe(0n)
  })

  it('reads accounts in Solana shapes', async () => {
    const { value: account } = await rpc.getAccountInfo(bob.address, { encoding: 'base64' }).send()
    expect(account).toMatchObject({ executable: false, owner: '11111111111111111111111111111111', space: 0n, data: ['', 'base64'] })
    const missing = await generateKeyPairSigner()
    const { value: many } = await rpc.getMultipleAccounts([bob.address, missing.address], { encoding: 'base64' }).send()
    expect(many[0]?.lamports).toBe(await balance(bob.address))
    expect(many[1]).toBeNull()
    expect((await call('getBalance', [missing.address])).result).toMatchObject({ context: { slot: expect.any(Number) }, value: 0 })
  })

  it('lists the signatures of an address, newest first, with paging', async () => {
    const erin = await generateKeyPairSigner()
    const signatures: string[] = []
    for (const amount of [1_000_000_000, 1_000_000_001, 1_000_000_002]) {
      signatures.push((await call('requestAirdrop', [erin.address, amount])).result)
    }
    const all = await rpc.getSignaturesForAddress(erin.address).send()
    expect(all.map((entry) => entry.signature)).toEqual([...signatures].reverse())
    expect(all[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', memo: null })
    const page = await rpc.getSignaturesForAddress(erin.address, { limit: 1, before: signatures[2] as Signature }).send()
    expect(page.map((entry) => entry.signature)).toEqual([signatures[1]])
    const until = await rpc.getSignaturesForAddress(erin.address, { until: signatures[0] as Signature }).send()
    expect(until.map((entry) => entry.signature)).toEqual([signatures[2], signatures[1]])
    expect((await call('getSignaturesForAddress', [erin.address, { limit: 5000 }])).error?.code).toBe(-32602)
  })

  describe('hostile input', () => {
    let snapshot: { slot: bigint; alice: bigint; bob: bigint; transactions: number }
    beforeAll(async () => {
      snapshot = {
        slot: await rpc.getSlot().send(),
        alice: await balance(alice.address),
        bob: await balance(bob.address),
        transactions: (await call('getEpochInfo')).result.transactionCount,
      }
    })

    it('answers malformed JSON with -32700 and keeps serving', async () => {
      const reply = await post('{"jsonrpc":"2.0","id":1,"method":"getBalance",')
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON' } })
      expect(await rpc.getHealth().send()).toBe('ok')
    })

    it('answers an unknown method with -32601, including names from Object.prototype', async () => {
      expect((await call('getEverything')).error).toEqual({ code: -32601, message: 'Method not found: getEverything' })
      expect((await call('constructor')).error?.code).toBe(-32601)
      expect((await call('__proto__')).error?.code).toBe(-32601)
    })

    it.each([
      ['getBalance', []],
      ['getBalance', ['not-an-address']],
      ['getBalance', [42]],
      ['getBalance', { address: 'x' }],
      ['getAccountInfo', ['11111111111111111111111111111111', 'base64']],
      ['getAccountInfo', ['11111111111111111111111111111111', { encoding: 'base64+zstd' }]],
      ['getMultipleAccounts', [Array.from({ length: 101 }, () => '11111111111111111111111111111111')]],
      ['getSignatureStatuses', [['not a signature']]],
      ['getSignatureStatuses', ['5'.repeat(88)]],
      ['requestAirdrop', ['11111111111111111111111111111111', -5]],
      ['requestAirdrop', ['11111111111111111111111111111111', 1e30]],
      ['requestAirdrop', ['11111111111111111111111111111111', '1000']],
      ['sendTransaction', ['AAAA', { encoding: 'base64' }]],
      ['sendTransaction', ['!!!not base64!!!', { encoding: 'base64' }]],
      ['sendTransaction', ['0OIl', {}]],
      ['sendTransaction', ['A'.repeat(2000), { encoding: 'base64' }]],
      ['sendTransaction', ['AAAA', { encoding: 'utf8' }]],
      ['sendTransaction', [{ tx: 1 }]],
      ['simulateTransaction', ['AAAA', { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true }]],
      ['getTokenAccountsByOwner', ['11111111111111111111111111111111', {}]],
      ['getTokenAccountsByOwner', ['11111111111111111111111111111111', { programId: '11111111111111111111111111111111' }]],
      ['getFeeForMessage', ['%%%']],
      ['getMinimumBalanceForRentExemption', [-1]],
      ['getTransaction', ['nope']],
    ])('%s %j → -32602 with a message', async (method, params) => {
      const reply = await call(method, params)
      expect(reply.error?.code).toBe(-32602)
      expect(reply.error?.message).toMatch(/^Invalid params: .{8,}/)
    })

    it('answers a request that is not JSON-RPC with -32600', async () => {
      expect((await post({ id: 1, method: 'getHealth' })).json.error.code).toBe(-32600)
      expect((await post({ jsonrpc: '2.0', id: 1, method: 7 })).json.error.code).toBe(-32600)
      expect((await post({ jsonrpc: '2.0', id: { x: 1 }, method: 'getHealth' })).json).toMatchObject({ id: null, error: { code: -32600 } })
      expect((await post('"just a string"')).json.error.code).toBe(-32600)
      expect((await post('null')).json.error.code).toBe(-32600)
    })

    it('answers batches in order, mixing results and errors; an empty or huge batch is one error', async () => {
      const reply = await post([
        { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'b', method: 'nope' },
        42,
        { jsonrpc: '2.0', method: 'getHealth' }, // a notification: no answer
        { jsonrpc: '2.0', id: 'c', method: 'getBalance', params: [alice.address] },
      ])
      expect(reply.json.map((r: JsonRpcReply) => r.id)).toEqual(['a', 'b', null, 'c'])
      expect(reply.json[0].result).toBe('ok')
      expect(reply.json[1].error.code).toBe(-32601)
      expect(reply.json[2].error.code).toBe(-32600)
      expect(reply.json[3].result.value).toBe(Number(await balance(alice.address)))
      expect((await post([])).json.error.code).toBe(-32600)
      expect((await post(Array.from({ length: 101 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getHealth' })))).json.error.code).toBe(
        -32600,
      )
    })

    it('refuses an oversized body with 413 and keeps serving', async () => {
      const reply = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(2 * 1024 * 1024)] }))
      expect(reply.status).toBe(413)
      expect(reply.json.error.code).toBe(-32600)
      expect(await rpc.getHealth().send()).toBe('ok')
    })

    it('answers a bad websocket frame with an error and keeps that socket and others working', async () => {
      const one = await openSocket()
      const two = await openSocket()
      try {
        one.socket.send('this is not json')
        expect((await one.next()).error.code).toBe(-32700)
        one.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'programSubscribe', params: [alice.address] }))
        expect((await one.next()).error.code).toBe(-32601)
        one.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: ['nope'] }))
        expect((await one.next()).error.code).toBe(-32602)
        one.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotUnsubscribe', params: [999_999] }))
        expect((await one.next()).error).toEqual({ code: -32602, message: 'Invalid subscription id.' })
        one.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: ['bad'] }))
        expect((await one.next()).error.code).toBe(-32602)
        one.socket.send(JSON.stringify([1, 2]))
        expect((await one.next()).error.code).toBe(-32600)
        one.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' })) // a keep-alive notification: no answer
        one.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'slotSubscribe' }))
        expect((await one.next()).id).toBe(3)
        two.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'slotSubscribe' }))
        expect(await two.next()).toMatchObject({ id: 9, result: expect.any(Number) })
      } finally {
        one.socket.close()
        two.socket.close()
      }
    })

    it('lost nothing and landed nothing: balances, slot and transaction count are unchanged', async () => {
      expect(await rpc.getSlot().send()).toBe(snapshot.slot)
      expect(await balance(alice.address)).toBe(snapshot.alice)
      expect(await balance(bob.address)).toBe(snapshot.bob)
      expect((await call('getEpochInfo')).result.transactionCount).toBe(snapshot.transactions)
      // and it still works
      const transaction = await transfer(alice, bob.address, 8_000_000n)
      await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })(transaction, { commitment: 'confirmed' })
      expect(await balance(bob.address)).toBe(snapshot.bob + 8_000_000n)
    })
  })

  it('sends CORS headers and answers preflight', async () => {
    const preflight = await fetch(solana.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:4700', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const reply = await post({ jsonrpc: '2.0', id: 1, method: 'getHealth' }, { headers: { origin: 'http://127.0.0.1:4700' } })
    expect(reply.headers.get('access-control-allow-origin')).toBe('*')
    expect((await fetch(`${solana.rpcUrl}/health`)).status).toBe(200)
    expect((await fetch(solana.rpcUrl)).status).toBe(405)
  })
})

describe('startSolanaRpc: ports and stop()', () => {
  it('refuses a taken port with a clear error', async () => {
    const first = await startSolanaRpc()
    try {
      const attempt = startSolanaRpc({ port: first.port })
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow(`Port ${first.port} on 127.0.0.1 is already in use, so the Solana RPC cannot start there.`)
      expect(await createSolanaRpc(first.rpcUrl).getHealth().send()).toBe('ok')
    } finally {
      await first.stop()
    }
  })

  it.each([-1, 65_536, 1.5, '8899' as unknown as number])('refuses the port %j with a clear error', async (port) => {
    await expect(startSolanaRpc({ port })).rejects.toThrow(/startSolanaRpc: port must be an integer from 0 to 65535/)
  })

  it('stop() closes sockets and frees the port', async () => {
    const solana = await startSolanaRpc()
    const socket = new WebSocket(solana.wsUrl)
    await new Promise((resolve) => socket.once('open', resolve))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await solana.stop()
    await closed
    await solana.stop()
    await expect(fetch(solana.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(solana.port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    expect(free).toBe(true)
  })
})
