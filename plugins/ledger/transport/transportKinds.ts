/** How the plugin reaches the device: `auto` is WebHID where the browser has it, else WebUSB. */
export type LedgerTransportOption = 'auto' | 'webhid' | 'webusb'

/** Ledger's USB vendor id (every Nano, Stax and Flex). */
export const ledgerVendorId = 0x2c97

type Scope = { navigator?: { hid?: unknown; usb?: unknown } }

/**
 * The transport this browser can use for the option, or `undefined` when it has neither WebHID
 * nor WebUSB (Firefox, Safari, a phone): the view then says which browsers can.
 *
 * @example
 * pickTransport('auto') // 'webhid' in Chrome
 */
export function pickTransport(option: LedgerTransportOption, scope: Scope = globalThis as Scope): 'webhid' | 'webusb' | undefined {
  const hid = Boolean(scope.navigator?.hid)
  const usb = Boolean(scope.navigator?.usb)
  if (option === 'webhid') return hid ? 'webhid' : undefined
  if (option === 'webusb') return usb ? 'webusb' : undefined
  return hid ? 'webhid' : usb ? 'webusb' : undefined
}
