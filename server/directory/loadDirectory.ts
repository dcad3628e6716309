import type { Database } from 'better-sqlite3'
import { foldSearchText } from './foldSearchText.js'
import type { WcWallet } from './WcWallet.js'

/**
 * Replaces the directory tables with the given entries, in one transaction. The directory is
 * data the server ships (or the self-hoster edits), so it is reloaded on every start; nothing a
 * client stored lives in these tables.
 *
 * @param db - the server's database
 * @param wallets - entries already checked by `parseDirectory`
 * @example
 * loadDirectory(db, parseDirectory(json))
 */
export function loadDirectory(db: Database, wallets: readonly WcWallet[]): void {
  const insertWallet = db.prepare(
    'INSERT INTO wallets (id, position, name, name_folded, rdns, image_id, certified, entry) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const insertChain = db.prepare('INSERT OR IGNORE INTO wallet_chains (wallet_id, chain_id) VALUES (?, ?)')
  db.transaction(() => {
    db.prepare('DELETE FROM wallet_chains').run()
    db.prepare('DELETE FROM wallets').run()
    wallets.forEach((wallet, index) => {
      insertWallet.run(
        wallet.id,
        wallet.order ?? index + 1,
        wallet.name,
        foldSearchText(wallet.name),
        wallet.rdns ?? null,
        wallet.image_id ?? null,
        wallet.badge_type === 'certified' ? 1 : 0,
        JSON.stringify(wallet),
      )
      for (const chain of wallet.chains ?? []) insertChain.run(wallet.id, chain)
      // A whole namespace is stored as `<namespace>:*`, which `queryWallets` matches for any chain of it.
      for (const namespace of wallet.namespaces ?? []) insertChain.run(wallet.id, `${namespace}:*`)
    })
  })()
}
