import { alerts, notices } from '../../../../kernel/errors/alerts.js'
import { en } from '../../../../ui/locales/en.js'

/**
 * The UI's English as a locale must translate it: `ui/locales/en.ts`, plus the alerts and notices,
 * whose English the kernel holds (`alert.<code>.title` / `.description`, so it is not shipped twice).
 */
export const englishUiStrings: Readonly<Record<string, string>> = {
  ...en,
  ...Object.fromEntries(Object.values({ ...alerts, ...notices }).flatMap((alert) => [[`alert.${alert.code}.title`, alert.shortMessage], [`alert.${alert.code}.description`, alert.longMessage]])),
}
