import type { Page } from 'playwright-core'

/**
 * What the page's WalletConnect sign-client holds about one pairing, for a failing test's message:
 * in memory (the core the plugin started, `_walletConnectCore_portico`: whether the pairing's record
 * and its key are there, the relay connection and subscription, the messages on the topic, the
 * expirer's targets) and in its storage (the sign-client's IndexedDB: which stores name the topic,
 * and the stored pairing records). Read before the page is left and again after it returns, it
 * says which of the records the wallet's answer needs (the request history, the pairing, the key,
 * the proposal) was not stored when the page was left, or went missing after (issue 49: the phone
 * visitor whose sign-client could not read the wallet's approval, "No matching key").
 *
 * @example
 * const before = await describeSignClient(page, topic)
 */
export async function describeSignClient(page: Page, topic: string | undefined): Promise<unknown> {
  return page.evaluate(async (topic) => {
    type Store = { keys?: string[]; getAll?(): Record<string, unknown>[] }
    type Core = {
      pairing?: { pairings?: Store }
      crypto?: { keychain?: { has?(tag: string): boolean } }
      relayer?: { connected?: boolean; subscriber?: { topics?: string[] }; messages?: { messages?: Map<string, Record<string, string>> } }
      expirer?: { keys?: string[] }
    }
    const core = (globalThis as Record<string, unknown>)._walletConnectCore_portico as Core | undefined
    const memory = core
      ? {
          pairingRecord: core.pairing?.pairings?.keys?.includes(topic ?? '') ?? 'unknown',
          pairings: core.pairing?.pairings?.keys?.map((k) => k.slice(0, 8)),
          keychainHasTopic: core.crypto?.keychain?.has?.(topic ?? ''),
          relayConnected: core.relayer?.connected,
          subscribedToTopic: core.relayer?.subscriber?.topics?.includes(topic ?? ''),
          messagesOnTopic: Object.keys(core.relayer?.messages?.messages?.get(topic ?? '') ?? {}).length,
          expirerTargets: core.expirer?.keys?.map((k) => k.slice(0, 14)),
        }
      : 'no sign-client core on the page'
    const stored = await new Promise<unknown>((resolve) => {
      const open = indexedDB.open('WALLET_CONNECT_V2_INDEXED_DB')
      open.onerror = () => resolve(`IndexedDB did not open: ${String(open.error)}`)
      open.onupgradeneeded = () => open.transaction?.abort()
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('keyvaluestorage')) return resolve('no keyvaluestorage store')
        const tx = db.transaction('keyvaluestorage', 'readonly')
        const keys = tx.objectStore('keyvaluestorage').getAllKeys()
        const values = tx.objectStore('keyvaluestorage').getAll()
        tx.oncomplete = () => {
          const out: Record<string, string> = {}
          ;(keys.result as string[]).forEach((key, i) => {
            const value = String(values.result[i] ?? '')
            // Each store's key, and whether its value names the topic (the pairing store, `…:pairing` as IndexedDB keeps it: its records).
            out[key] = /[/:]pairing$/.test(key) ? value.slice(0, 400) : value.includes(topic ?? '\u0000') ? 'names the topic' : `${value.length} chars`
          })
          db.close()
          resolve(out)
        }
      }
    })
    return { memory, stored }
  }, topic)
}
