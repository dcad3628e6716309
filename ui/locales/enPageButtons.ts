/**
 * The English strings of the page buttons that render before the kernel loads (`ConnectButton`,
 * `NetworkButton`) and of the provider's note when a click could not fetch the modal's code: part
 * of `en`, kept in their own module so the first paint carries these and not the whole modal's
 * strings.
 */
export const pageButtonStrings = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.switchNetwork': 'Switch Network',
  'button.selectNetwork': 'Select Network',
  'modal.loadFailed': 'The wallet window could not be loaded. Check your connection and try again.',
} as const

export type PageButtonKey = keyof typeof pageButtonStrings
