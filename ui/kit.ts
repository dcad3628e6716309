// `portico/react/kit`: what a plugin's views are built with — the UI's building blocks (Button,
// StatusPanel, WalletIcon …), the translator and every hook — on top of everything in
// `portico/react` (ui/index.ts). A plugin's views import it (never a deep path); it loads with
// them, after the kernel, so a page never pays for it up front.
export * from './index.js'
export { useTranslate } from './hooks/useTranslate.js'
export { useAnnounce } from './hooks/useAnnounce.js'
export { useFormat } from './hooks/useFormat.js'
export { translate } from './i18n/translate.js'
export { en } from './locales/en.js'
export { Button } from './components/Button/Button.js'
export type { ButtonProps } from './components/Button/Button.js'
export { StatusPanel } from './components/StatusPanel/StatusPanel.js'
export type { StatusPanelProps } from './components/StatusPanel/StatusPanel.js'
export { WalletIcon } from './components/WalletIcon/WalletIcon.js'
export { walletImageSrc } from './utils/walletImageSrc.js'
export { closeAfterConnect } from './utils/closeAfterConnect.js'
export { Spinner } from './components/Spinner/Spinner.js'
export { Icon } from './components/Icon/Icon.js'
export type { IconName } from './components/Icon/Icon.js'
export { IconButton } from './components/IconButton/IconButton.js'
export { EmptyState } from './components/EmptyState/EmptyState.js'
