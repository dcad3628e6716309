import { useEffect, useMemo, useState } from 'react'
import { toPorticoHandle, type Portico, type PorticoHandle } from '../../kernel/index.js'
import { useHydrated } from '../hooks/useHydrated.js'
import { englishI18n, type I18n } from './I18nContext.js'
import { supportedLocales } from '../locales/supported.js'
import { loadedUiLocale, loadUiLocale } from './loadLocale.js'
import { browserLocales, directionOf, resolveLocale } from './resolveLocale.js'

/**
 * Loads a locale's strings so a page renders in it from the first paint: await it before
 * `hydrateRoot` (and before `renderToString` on a server). The UI's strings load at once; the
 * plugins' load with the kernel (at once here when it has loaded), since only the modal shows them.
 *
 * @param portico - the instance (`createPortico`'s handle, or a kernel)
 * @param locale - a BCP 47 tag; resolved to the closest built-in locale
 * @returns the built-in locale it resolved to
 * @example
 * await preloadLocale(portico, 'ar'); hydrateRoot(root, <App />)
 */
export async function preloadLocale(portico: PorticoHandle | Portico, locale: string): Promise<string> {
  const resolved = resolveLocale(locale)
  const kernel = toPorticoHandle(portico).kernel
  await Promise.all([loadUiLocale(resolved), kernel?.messages.load(resolved)])
  return resolved
}

/**
 * Whether a locale can show without a half-translated frame: English always; a built-in locale
 * once its UI strings are loaded and, when the kernel has loaded, the plugins' too; a site's own
 * language (its strings come with the `messages` prop) at once — plugins that happen to ship it
 * fill in as they load.
 */
function ready(kernel: Portico | undefined, locale: string): boolean {
  if (locale === 'en' || !supportedLocales.includes(locale)) return true
  return loadedUiLocale(locale) !== undefined && (!kernel || kernel.messages.isLoaded(locale))
}

function i18nOf(locale: string, overrides: Readonly<Partial<Record<string, string>>> | undefined): I18n {
  if (locale === 'en' && !overrides) return englishI18n
  return { locale, dir: directionOf(locale), strings: loadedUiLocale(locale) ?? {}, overrides }
}

/**
 * The provider's locale: the `locale` prop, else the `locale` option, else (after hydration, so
 * server and client markup agree) the browser's languages; resolved to a built-in locale. A new
 * locale's strings load first, then the whole modal switches at once (no half-translated frame);
 * English shows until then. Failures are reported and leave the current locale on screen.
 */
export function useLocaleLoader(
  portico: PorticoHandle,
  kernel: Portico | undefined,
  requested: string | undefined,
  overrides: Readonly<Partial<Record<string, string>>> | undefined,
): I18n {
  const hydrated = useHydrated()
  const wanted = requested ?? portico.options.locale ?? (hydrated ? browserLocales() : undefined)
  const target = resolveLocale(wanted, { custom: overrides !== undefined })
  const [shown, setShown] = useState(() => (ready(kernel, target) ? target : 'en'))
  // The page buttons keep a locale they already show while the kernel loads its plugins' strings.
  const current = ready(kernel, target) || (shown === target && ready(undefined, target)) ? target : shown
  useEffect(() => {
    if (ready(kernel, target)) {
      setShown(target)
      if (target !== 'en' && kernel && !kernel.messages.isLoaded(target)) void kernel.messages.load(target).catch(() => undefined)
      return
    }
    let live = true
    Promise.all([loadUiLocale(target), kernel?.messages.load(target)]).then(
      ([, failures]) => {
        for (const { plugin, error } of failures ?? []) portico.reportError(error, { action: `loadLocale:${plugin}:${target}` })
        if (live) setShown(target)
      },
      (error: unknown) => portico.reportError(error, { action: `loadLocale:${target}` }),
    )
    return () => {
      live = false
    }
  }, [portico, kernel, target])
  return useMemo(() => i18nOf(current, overrides), [current, overrides])
}
