/**
 * A locale's strings by key (`view.connect.title`). A plural message is a set of keys, one per
 * `Intl.PluralRules` category of the locale: `status.results#one`, `status.results#other` (Arabic
 * adds `#zero`, `#two`, `#few`, `#many`); `t(key, { count })` picks the form.
 */
export type LocaleStrings = Readonly<Record<string, string>>

/** Which way a locale's text runs. */
export type TextDirection = 'ltr' | 'rtl'
