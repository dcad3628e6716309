import { observer } from 'mobx-react-lite'
import { useEffect, useId, useMemo } from 'react'

import type { Portico } from '../../../kernel/kernel.js'
import { Button, Spinner, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { NamesSettings } from '../names.js'
import { describeNameError, RegisterNameStore } from '../stores/RegisterNameStore.js'

const stores = new WeakMap<Portico, RegisterNameStore>()

function storeOf(portico: Portico): RegisterNameStore {
  let store = stores.get(portico)
  if (!store) {
    const settings = portico.getStore<NamesSettings>('names')
    if (!settings) throw new Error('The names plugin is not installed')
    store = new RegisterNameStore(portico, settings.api, settings.zone)
    stores.set(portico, store)
  }
  return store
}

/**
 * RegisterAccountName (spec §2): a name in the zone for the connected eip155 account. The label is
 * checked against the rule as it is typed (letters, digits and hyphens, at least 4 characters),
 * then the zone says whether it is free and suggests others; Register asks the wallet to sign `{
 * name, attributes, timestamp }` and the zone to register it, then RegisterAccountNameSuccess
 * shows. A refusal or a rejected signature keeps the form with the reason (spec §4).
 *
 * @example
 * portico.open({ view: 'RegisterAccountName' })
 */
export const RegisterAccountNameView = observer(function RegisterAccountNameView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const store = useMemo(() => storeOf(portico), [portico])
  const settings = portico.getStore<NamesSettings>('names')
  const id = useId()
  useEffect(() => {
    const timer = setTimeout(() => void store.check(), 300)
    return () => clearTimeout(timer)
  }, [store, store.label])
  useAnnounce(store.status === 'signing' ? t('names.signing') : store.status === 'registering' ? t('names.registering') : undefined)

  if (!store.supported) return <p className="portico-names__note" role="status">{t('names.unsupported')}</p>

  const busy = store.status === 'signing' || store.status === 'registering'
  const rule = store.rule
  const availability = rule
    ? { text: t(rule), tone: 'error' }
    : store.availability === 'checking'
      ? { text: t('names.checking'), tone: 'muted' }
      : store.availability === 'available'
        ? { text: t('names.available', { name: store.name }), tone: 'ok' }
        : store.availability === 'taken'
          ? { text: t('names.taken', { name: store.name }), tone: 'error' }
          : { text: t('names.hint'), tone: 'muted' }

  return (
    <form
      className="portico-names"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        const name = store.name
        if (await store.register()) settings?.showSuccess(name)
      }}
    >
      <label className="portico-names__label" htmlFor={`${id}-name`}>
        {t('names.label')}
      </label>
      <div className="portico-names__row">
        <input
          id={`${id}-name`}
          className="portico-names__input"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={63}
          value={store.label}
          disabled={busy}
          aria-invalid={availability.tone === 'error' || undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => store.setLabel(event.target.value)}
        />
        <span className="portico-names__zone" aria-hidden="true">
          .{store.zone}
        </span>
      </div>
      <p id={`${id}-status`} className={`portico-names__status portico-names__status--${availability.tone}`} aria-live="polite">
        {availability.text}
      </p>
      {store.suggestionsFailed ? (
        <p className="portico-names__status portico-names__status--muted">{t('names.suggestionsFailed')}</p>
      ) : (
        // Two rows of two from the first frame, empty places kept, so the view keeps its height
        // while the zone answers (docs/design.md, "How a view may grow"); a chip shows the label
        // (the zone is beside the field) and its title the whole name.
        <div className="portico-names__suggestions">
          <p className="portico-names__label" id={`${id}-suggestions`}>
            {t('names.suggestions')}
          </p>
          <ul aria-labelledby={`${id}-suggestions`}>
            {[0, 1, 2, 3].map((index) => {
              const suggestion = store.suggestions.filter((s) => !s.registered)[index]
              return suggestion ? (
                <li key={suggestion.name}>
                  <button type="button" className="portico-names__suggestion" title={suggestion.name} disabled={busy} onClick={() => store.setLabel(suggestion.name)}>
                    {suggestion.name.endsWith(`.${store.zone}`) ? suggestion.name.slice(0, -store.zone.length - 1) : suggestion.name}
                  </button>
                </li>
              ) : (
                <li key={index} className="portico-names__suggestion-place" aria-hidden="true" />
              )
            })}
          </ul>
        </div>
      )}
      {store.error ? (
        <p className="portico-names__error" role="alert">
          {describeNameError(store.error, t)}
        </p>
      ) : null}
      <Button type="submit" disabled={!store.canRegister || busy} aria-busy={busy || undefined}>
        {busy ? <Spinner /> : null}
        {store.status === 'signing' ? t('names.signing') : store.status === 'registering' ? t('names.registering') : t('names.register')}
      </Button>
    </form>
  )
})
