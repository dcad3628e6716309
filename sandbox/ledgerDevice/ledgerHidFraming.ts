/** Size of one Ledger HID report (the Nano S Plus's packet size). */
export const ledgerHidReportSize = 64
/** The tag of an APDU report (other tags are pings and channel allocation, which WebHID does not use). */
export const ledgerHidApduTag = 0x05
/** The channel a real device answers on when the host uses the device's default. */
export const ledgerHidDefaultChannel = 0x0101
/** Largest APDU the emulated device accepts in one exchange (5 header bytes + 255 data bytes). */
export const ledgerMaxApduLength = 260

/**
 * Frames a message (an APDU, or an answer: data ‖ status word) into 64-byte Ledger HID reports:
 * `channel(2) ‖ tag 0x05 ‖ sequence(2) ‖ [total length(2), on sequence 0] ‖ data`, zero-padded.
 *
 * @param channel the HID channel (the host picks one; the device answers on the same)
 * @param message the bytes to send
 * @returns the reports, in order
 * @example
 * encodeLedgerHidReports(0x0101, new Uint8Array([0x90, 0x00])) // one 64-byte report
 */
export function encodeLedgerHidReports(channel: number, message: Uint8Array): Uint8Array[] {
  const reports: Uint8Array[] = []
  let offset = 0
  let sequence = 0
  do {
    const report = new Uint8Array(ledgerHidReportSize)
    report[0] = (channel >> 8) & 0xff
    report[1] = channel & 0xff
    report[2] = ledgerHidApduTag
    report[3] = (sequence >> 8) & 0xff
    report[4] = sequence & 0xff
    let at = 5
    if (sequence === 0) {
      report[5] = (message.length >> 8) & 0xff
      report[6] = message.length & 0xff
      at = 7
    }
    const chunk = message.subarray(offset, offset + ledgerHidReportSize - at)
    report.set(chunk, at)
    offset += chunk.length
    sequence += 1
    reports.push(report)
  } while (offset < message.length)
  return reports
}

/** What one incoming report did to the message being assembled. */
export type LedgerHidReportResult =
  | { kind: 'partial' }
  | { kind: 'complete'; channel: number; message: Uint8Array }
  /** A report the device cannot use: answered with `statusWord` on `channel`, and assembly restarts. */
  | { kind: 'invalid'; channel: number; statusWord: number; reason: string }

/**
 * Reassembles incoming Ledger HID reports into messages, one at a time, checking the tag, the
 * sequence and the declared length. Never throws: a bad report yields `{ kind: 'invalid' }`.
 *
 * @param maxLength the largest message accepted (default an extended APDU of 260 bytes)
 * @returns `push(report)` for each report, in arrival order
 * @example
 * const reader = createLedgerHidReader()
 * const result = reader.push(report) // { kind: 'complete', channel, message } once the last one arrives
 */
export function createLedgerHidReader(maxLength = ledgerMaxApduLength): { push(report: Uint8Array): LedgerHidReportResult } {
  let pending: { channel: number; length: number; sequence: number; data: number[] } | undefined
  return {
    push(report) {
      if (report.length < 5) {
        pending = undefined
        return { kind: 'invalid', channel: ledgerHidDefaultChannel, statusWord: 0x6700, reason: 'a report shorter than its 5-byte header' }
      }
      const channel = (report[0]! << 8) | report[1]!
      const invalid = (statusWord: number, reason: string): LedgerHidReportResult => {
        pending = undefined
        return { kind: 'invalid', channel, statusWord, reason }
      }
      if (report[2] !== ledgerHidApduTag) return invalid(0x6e00, `tag 0x${report[2]!.toString(16)} instead of 0x05`)
      const sequence = (report[3]! << 8) | report[4]!
      if (sequence === 0) {
        if (report.length < 7) return invalid(0x6700, 'a first report without the length')
        const length = (report[5]! << 8) | report[6]!
        if (length > maxLength) return invalid(0x6700, `a message of ${length} bytes (at most ${maxLength})`)
        pending = { channel, length, sequence: 0, data: [] }
        pending.data.push(...report.subarray(7, 7 + length))
      } else {
        if (!pending || pending.channel !== channel || sequence !== pending.sequence + 1) return invalid(0x6700, `report ${sequence} out of order`)
        pending.sequence = sequence
        pending.data.push(...report.subarray(5, 5 + pending.length - pending.data.length))
      }
      if (pending.data.length < pending.length) return { kind: 'partial' }
      const message = Uint8Array.from(pending.data)
      pending = undefined
      return { kind: 'complete', channel, message }
    },
  }
}
