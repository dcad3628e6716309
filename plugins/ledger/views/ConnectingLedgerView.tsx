import { observer } from 'mobx-react-lite'
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'
import { BaseError, ConnectionRejectedError, ProviderRpcError, type View } from '../../../kernel/kernel.js'
import { Button, closeAfterConnect, StatusPanel, Spinner, useAnnounce, usePortico, useTranslate, type TranslateFunction, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { ledgerView } from '../constants.js'
import { LedgerAppNotOpenError, LedgerLockedError } from '../errors.js'
import type { LedgerControls } from '../ledger.js'
import { ledgerLogo } from '../logo.js'
import { ledgerChainFor } from '../chains/index.js'
import { isTemplate, parsePath, pathAt, type ParsedPath } from '../utils/derivationPaths.js'
import { formatBalance, shortAddress } from './formatAccount.js'

type Step = { kind: 'device' } | { kind: 'opening' } | { kind: 'app'; error?: unknown } | { kind: 'accounts' } | { kind: 'error'; error: unknown }
type Row = { index: number; path: string; address?: string; balance?: string; failed?: boolean }

const appPollMs = 1000

function messageOf(error: unknown, t: TranslateFunction): string {
  // Portico's own Ledger errors in the visitor's language; a device's or library's words as they are.
  if (error instanceof BaseError) return t(`ledger.error.${String(error.code)}`, { app: (error as { app?: string }).app ?? '' }, error.shortMessage)
  if (error instanceof Error) return error.message.split('\n')[0]?.slice(0, 160) ?? ''
  return ''
}

const isRejection = (error: unknown) => error instanceof ConnectionRejectedError || (error instanceof ProviderRpcError && error.isUserRejection)

/**
 * ConnectingLedger (docs/guides/hardware-wallets.md §1): *Device* — "Plug in your Ledger and
 * unlock it" and **Connect** (the browser's chooser needs the click); *App* — "Open the Ethereum
 * app on your Ledger", checked every second, with **Try again**; *Accounts* — a derivation-path
 * choice (or a custom path), a page of addresses with balances, **Previous** / **Next**.
 * Choosing a row connects that account. Every status is announced in the modal's live region.
 *
 * @example
 * portico.stores.router.push('ConnectingLedger', { namespace: 'eip155' })
 */
export const ConnectingLedgerView = observer(function ConnectingLedgerView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const controls = portico.getStore<LedgerControls>('ledger')
  const data = portico.stores.router.data as { namespace?: unknown } | undefined
  const namespace = typeof data?.namespace === 'string' ? data.namespace : portico.stores.networks.activeNamespace
  const [step, setStep] = useState<Step>({ kind: 'device' })
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const app = controls?.appFor(namespace) ?? 'Ethereum'
  const pollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const checkApp = useCallback(async () => {
    if (!controls) return
    clearTimeout(pollTimer.current)
    try {
      const open = await controls.app()
      if (!mounted.current) return
      if (open.name === app) {
        setStep({ kind: 'accounts' })
        return
      }
      setStep({ kind: 'app' })
    } catch (error) {
      if (!mounted.current) return
      // Locked, or an app that does not answer B0 01: keep asking; anything else stops here.
      if (!(error instanceof LedgerLockedError || error instanceof LedgerAppNotOpenError)) {
        setStep({ kind: 'error', error })
        return
      }
      setStep({ kind: 'app', error })
    }
    pollTimer.current = setTimeout(() => void checkApp(), appPollMs)
  }, [controls, app])
  useEffect(() => () => clearTimeout(pollTimer.current), [])

  const connect = useCallback(() => {
    if (!controls) return
    setStep({ kind: 'opening' })
    controls.open().then(
      () => void checkApp(),
      (error: unknown) => mounted.current && setStep({ kind: 'error', error }),
    )
  }, [controls, checkApp])

  const image = { src: ledgerLogo, name: 'Ledger' }
  const heading =
    !controls || !controls.supported()
      ? t('ledger.unsupported')
      : step.kind === 'device'
        ? t('ledger.device.heading')
        : step.kind === 'opening'
          ? t('ledger.device.connecting')
          : step.kind === 'app'
            ? step.error instanceof LedgerLockedError
              ? messageOf(step.error, t)
              : t('ledger.app.open', { app })
            : step.kind === 'error'
              ? t('ledger.error.heading')
              : ''
  useAnnounce(step.kind === 'accounts' ? undefined : step.kind === 'error' ? `${heading}. ${messageOf(step.error, t)}` : heading)

  if (!controls || !controls.supported()) return <div className="portico-ledger"><StatusPanel tone="error" heading={heading} image={image} /></div>
  // Every step shows in the frame of the account list it leads to: the device, app and error steps
  // sit over the list's five pending rows (dimmed, inert), so Connect fills them in place and the
  // view keeps one height from its first frame (docs/design.md, "How a view may grow").
  const cover =
    step.kind === 'device' ? (
      <StatusPanel tone="info" heading={heading} hint={t('ledger.device.hint')} image={image}>
        <Button onClick={connect}>{t('ledger.device.connect')}</Button>
      </StatusPanel>
    ) : step.kind === 'app' ? (
      <StatusPanel tone="waiting" heading={heading} hint={t('ledger.app.openHint')} image={image}>
        <Button variant="secondary" onClick={() => void checkApp()}>{t('ledger.retry')}</Button>
      </StatusPanel>
    ) : step.kind === 'error' ? (
      <StatusPanel tone="error" heading={heading} hint={messageOf(step.error, t)} image={image}>
        <Button onClick={connect}>{t('ledger.retry')}</Button>
      </StatusPanel>
    ) : undefined
  // While the device is opened and its app checked, the list shows uncovered with its pending rows
  // and the step's words in its status line; nothing is read until the app is open.
  return <LedgerAccounts controls={controls} namespace={namespace} t={t} waiting={step.kind === 'opening' ? heading : undefined} cover={cover} onAppClosed={(error) => setStep({ kind: 'app', error })} />
})

/**
 * `waiting`: the device is still being opened (the status line's words); `cover`: a step before the
 * list (Connect, open the app, an error), shown over it while the list stays dimmed and inert. In
 * either, the rows wait, pending, and nothing is read.
 */
type AccountsProps = { controls: LedgerControls; namespace: string; t: TranslateFunction; waiting?: string; cover?: ReactNode; onAppClosed: (error: unknown) => void }

function LedgerAccounts({ controls, namespace, t, waiting, cover, onAppClosed }: AccountsProps) {
  const portico = usePortico()
  const { networks } = portico.stores
  const chain = ledgerChainFor(namespace, networks.activeOf(namespace) ?? networks.networks.find((n) => n.chainNamespace === namespace))
  const schemes = chain.paths
  const [schemeId, setSchemeId] = useState(schemes[0]?.id ?? 'custom')
  const [customText, setCustomText] = useState(chain.customPath)
  const [customPath, setCustomPath] = useState<ParsedPath | undefined>(undefined)
  const [customError, setCustomError] = useState<string | undefined>(undefined)
  const [page, setPage] = useState(0)
  const [rows, setRows] = useState<Row[]>([])
  const [loading, setLoading] = useState(true)
  const [loadError, setLoadError] = useState<unknown>(undefined)
  const [reload, setReload] = useState(0)
  const [choosing, setChoosing] = useState<{ index: number; error?: unknown } | undefined>(undefined)
  const ids = { scheme: useId(), custom: useId(), customHint: useId(), list: useId() }
  const listHeading = useRef<HTMLHeadingElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const covered = cover !== undefined
  const idle = waiting !== undefined || covered

  // Covered, the list is out of reach (inert: no focus, no click; set here, as React 18 has no `inert` prop).
  useEffect(() => void list.current?.toggleAttribute('inert', covered), [covered])
  // The Connect (or Try again) button that led here is gone: focus goes to the list, so Tab reaches the rows.
  const wasCovered = useRef(covered)
  useEffect(() => {
    if (wasCovered.current && !covered) listHeading.current?.focus()
    wasCovered.current = covered
  }, [covered])

  const scheme = schemes.find((s) => s.id === schemeId)
  const template: ParsedPath | undefined = scheme ? parsePath(scheme.template) : customPath
  const paged = template ? isTemplate(template) : false
  const size = paged ? controls.pageSize : 1

  useEffect(() => {
    if (!template) {
      setRows([])
      setLoading(false)
      return
    }
    let live = true
    const indices = Array.from({ length: size }, (_, k) => page * size + k)
    const fresh: Row[] = indices.map((index) => ({ index, path: pathAt(template, index) }))
    setRows(fresh)
    setLoading(true)
    setLoadError(undefined)
    if (idle) return
    void (async () => {
      for (const row of fresh) {
        let address: string
        try {
          address = await controls.address(namespace, row.path)
        } catch (error) {
          if (!live) return
          if (error instanceof LedgerAppNotOpenError || error instanceof LedgerLockedError) return onAppClosed(error)
          setLoadError(error)
          setLoading(false)
          return
        }
        if (!live) return
        setRows((current) => current.map((r) => (r.index === row.index ? { ...r, address } : r)))
        controls.balance(namespace, address).then(
          (result) => live && setRows((current) => current.map((r) => (r.index === row.index ? { ...r, balance: result ? formatBalance(result) : t('ledger.accounts.balanceUnknown') } : r))),
          () => live && setRows((current) => current.map((r) => (r.index === row.index ? { ...r, balance: t('ledger.accounts.balanceUnknown') } : r))),
        )
      }
      if (live) setLoading(false)
    })()
    return () => {
      live = false
    }
    // The template's text identifies it; a new object with the same path must not reload.
  }, [schemeId, customPath && pathAt(customPath, 0), page, size, reload, idle])

  const applyCustom = () => {
    try {
      const parsed = parsePath(customText, { hardenedOnly: chain.hardenedOnly })
      setCustomError(undefined)
      setCustomPath(parsed)
      setPage(0)
    } catch {
      setCustomError(t(chain.customInvalid))
      setCustomPath(undefined)
    }
  }

  const choose = (row: Row) => {
    if (!row.address || choosing) return
    setChoosing({ index: row.index })
    controls.choose(namespace, row.path, row.address).then(
      () => {
        const { router } = portico.stores
        if (router.view !== ledgerView) return
        const redirect = router.data?.redirectView
        if (typeof redirect === 'string') controls.replaceView(redirect as View)
        // Back to ProfileWallets when the visitor came from there to add a wallet (multi-wallet), else the modal closes.
        else closeAfterConnect(portico)
      },
      (error: unknown) => setChoosing({ index: row.index, error }),
    )
  }

  const from = page * size + 1
  // The rows are set by the effect above, after the first paint: until then the page's pending rows
  // stand in for them, so the list holds its place from the view's first frame.
  const shown = rows.length > 0 || !template ? rows : Array.from({ length: size }, (_, k): Row => ({ index: page * size + k, path: pathAt(template, page * size + k) }))
  const status =
    waiting ??
    (loadError
      ? messageOf(loadError, t)
      : choosing?.error
        ? isRejection(choosing.error)
          ? t('ledger.accounts.rejected')
          : messageOf(choosing.error, t)
        : choosing
          ? t('ledger.accounts.connecting', { number: choosing.index + 1 })
          : loading
            ? t('ledger.accounts.loading')
            : paged
              ? t('ledger.accounts.page', { from, to: from + size - 1 })
              : '')
  // While the device is opened (or a step covers the list), the view above announces its step.
  useAnnounce(idle ? undefined : status || undefined)

  return (
    <div className={`portico-ledger__frame${covered ? ' portico-ledger__frame--covered' : ''}`}>
      <div ref={list} className="portico-ledger portico-ledger--accounts" aria-hidden={covered || undefined}>
        <div className="portico-ledger__field">
          <label className="portico-ledger__label" htmlFor={ids.scheme}>
            {t('ledger.accounts.path')}
          </label>
          <select
            id={ids.scheme}
            className="portico-ledger__select"
            value={schemeId}
            onChange={(event) => {
              setSchemeId(event.target.value)
              setPage(0)
              setChoosing(undefined)
            }}
          >
            {schemes.map((s) => (
              <option key={s.id} value={s.id}>
                {`${t(s.label)} — ${s.template.replace('{i}', 'i')}`}
              </option>
            ))}
            <option value="custom">{t('ledger.path.custom')}</option>
          </select>
        </div>
        {schemeId === 'custom' ? (
          <form
            className="portico-ledger__field"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              applyCustom()
            }}
          >
            <label className="portico-ledger__label" htmlFor={ids.custom}>
              {t('ledger.accounts.custom')}
            </label>
            <div className="portico-ledger__custom">
              <input
                id={ids.custom}
                className="portico-ledger__input"
                value={customText}
                spellCheck={false}
                autoComplete="off"
                maxLength={200}
                aria-invalid={customError ? true : undefined}
                aria-describedby={ids.customHint}
                onChange={(event) => setCustomText(event.target.value)}
              />
              <Button type="submit" variant="secondary">
                {t('ledger.accounts.apply')}
              </Button>
            </div>
            <p id={ids.customHint} className={customError ? 'portico-ledger__error' : 'portico-ledger__hint'}>
              {customError ?? t('ledger.accounts.customHint', { i: '{i}' })}
            </p>
          </form>
        ) : null}
        {template ? (
          <>
            <h3 ref={listHeading} id={ids.list} className="portico-ledger__heading" tabIndex={-1}>
              {t('ledger.accounts.list')}
            </h3>
            <ul className="portico-ledger__rows" aria-labelledby={ids.list} aria-busy={loading || undefined}>
              {shown.map((row) => {
                const busy = choosing?.index === row.index && !choosing.error
                return (
                  <li key={row.index}>
                    {row.address ? (
                      // Named by its content (what it shows is what it is called): a screen reader hears the full address, the eye sees it shortened.
                      <button
                        type="button"
                        className="portico-ledger__row"
                        onClick={() => choose(row)}
                        disabled={choosing !== undefined && !choosing.error}
                        aria-busy={busy || undefined}
                        title={row.path}
                      >
                        <span className="portico-ledger__index">
                          <span className="portico-visually-hidden">{t('ledger.accounts.rowAccount')} </span>
                          {row.index + 1}
                        </span>
                        <span className="portico-ledger__account">
                          <span className="portico-ledger__address" aria-hidden="true">
                            {shortAddress(row.address)}
                          </span>
                          <span className="portico-visually-hidden">{row.address} </span>
                          <span className="portico-ledger__path">{row.path}</span>
                        </span>
                        <span className="portico-ledger__balance">
                          <span className="portico-visually-hidden"> {t('ledger.accounts.rowBalance')} </span>
                          {row.balance ?? <span className="portico-ledger__skeleton portico-ledger__skeleton--short" aria-hidden="true" />}
                        </span>
                        {busy ? <Spinner /> : null}
                      </button>
                    ) : (
                      <div className="portico-ledger__row portico-ledger__row--loading" aria-hidden="true">
                        <span className="portico-ledger__index">{row.index + 1}</span>
                        {/* Each placeholder sits in the line its text will take (the address's, the balance's), so a row keeps its height when its account is read. */}
                        <span className="portico-ledger__account">
                          <span className="portico-ledger__address">
                            <span className="portico-ledger__skeleton" />
                          </span>
                          <span className="portico-ledger__path">{row.path}</span>
                        </span>
                        <span className="portico-ledger__balance">
                          <span className="portico-ledger__skeleton portico-ledger__skeleton--short" />
                        </span>
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          </>
        ) : null}
        {loadError || choosing?.error ? (
          <div className="portico-ledger__failure">
            <p className="portico-ledger__error">{status}</p>
            <Button
              variant="secondary"
              onClick={() => {
                setChoosing(undefined)
                setReload((n) => n + 1)
              }}
            >
              {t('ledger.retry')}
            </Button>
          </div>
        ) : (
          <p className="portico-ledger__status" aria-hidden="true">
            {(loading || choosing) && !covered ? status : ''}
          </p>
        )}
        {paged ? (
          <div className="portico-ledger__pager">
            <Button variant="secondary" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))}>
              {t('ledger.accounts.previous')}
            </Button>
            <span className="portico-ledger__page">{t('ledger.accounts.page', { from, to: from + size - 1 })}</span>
            <Button variant="secondary" disabled={loading || (page + 1) * size >= 2 ** 31} onClick={() => setPage((p) => p + 1)}>
              {t('ledger.accounts.next')}
            </Button>
          </div>
        ) : null}
      </div>
      {covered ? <div className="portico-ledger__cover">{cover}</div> : null}
    </div>
  )
}
