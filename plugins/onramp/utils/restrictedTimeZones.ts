/**
 * The IANA time zones of the spec's restricted regions (§9: "a list of Chinese regions"):
 * mainland China's zones and their old aliases, Hong Kong and Macau. A site may pass its own list.
 */
export const restrictedTimeZones: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]
