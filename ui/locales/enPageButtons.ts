/**
 * The English strings of the page buttons that render before the kernel loads (`ConnectButton`,
 * `NetworkButton`): part of `en`, kept in their own module so the first paint carries these and
 * not the whole modal's strings.
 */
export const pageButtonStrings = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.switchNetwork': 'Switch Network',
  'button.selectNetwork': 'Select Network',
} as const

export type PageButtonKey = keyof typeof pageButtonStrings
