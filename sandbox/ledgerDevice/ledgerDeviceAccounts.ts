/**
 * The emulated Ledger's first five Ledger Live accounts (`m/44'/60'/i'/0/0` and `m/44'/501'/i'` of
 * `ledgerDeviceMnemonic`), the ones the sandbox funds at start: 100 ETH on every EVM devnet, 10 SOL
 * on the Solana localnet; the Stacks app's `m/44'/5757'/0'/0/i`, 1,000 STX on the Stacks sandbox. Written out so importing this file derives no keys; a test pins them to
 * `ledgerDeviceAccounts(5)`.
 */
export const ledgerDeviceAddresses = Object.freeze({
  eip155: Object.freeze([
    '0xa487fcefe94141E032dC61A2351eB642DE7B6a8e',
    '0x44d84Da3d679Db97dfE545CCDd73be9d9d7B8638',
    '0x7f659CaE7C1458FC945e89A465bDAB899C003377',
    '0x281805f39466a07E6560d80bf4eBa3E439DFcf2C',
    '0x8B0E015528EC6ff9f0A8211a1ac813E92035e440',
  ] as const),
  solana: Object.freeze([
    'CoExFZrtJ8vESMo13p4QP8NDmrxsgGXhMJRS4T2uowxs',
    'CL66Swr3juLcT6fqrbxLkAAMi4aX62V91jKh7CnQp5dz',
    '7o5QHfoamv7hukYmGioZr6xUWtyLLfUyCvqp8wHfUVw6',
    '6fWUG5JiaDMHa6a4YtgsFBmHSnax34etnfyChWMmcYuj',
    'GpmPPyRooY3Db9GM9Gg7M8QeJYTBWmwKQaPgREjAQkTN',
  ] as const),
  // Sui app, Ledger Live's m/44'/784'/i'/0'/0' (10 SUI each on the Sui sandbox chain; tests/plugins/ledger/suiWithEmulator.test.ts pins them).
  sui: Object.freeze([
    '0xc357acaaee1d798b479fd5ce776ae679f740239fffa7b1cedf338793d11df61f',
    '0x0d40496cd0828fabb2573c90425c5874e0194f38e7327340fd50e766177bee71',
    '0xa645519c51c05dcea80cbde5b83639d3d3cdf102e3cba0f815a4824f33a3195b',
    '0x8baa5fbdda81366f6540c12e08854a5a152ad518b387bd2531c6d5679d19dada',
    '0xadf5f8971b33345e070a2169eabe06c2d9d9b405f9534f5e89853f872e87ba03',
  ] as const),
  /** `m/44'/5757'/0'/0/i`, testnet (`ST…`) addresses: the Stacks sandbox is a testnet-address chain. */
  stacks: Object.freeze([
    'ST25ZMANW233J2ZT2G5FNPDT1ZHQR4NPEPXQ0ZPEP',
    'ST38TKW7TWGB3BC16XRCEQPYAJX49687KYSJDESTN',
    'ST1B020J48R07GJ5XYW33012MMKXYZ4WZR75X9K66',
    'ST2R2Q7A67WA2HTCNC5E1FZ51GZVH6TCJTD99N7GP',
    'ST5XH46RND47MYX62GX1AAC51XTQ2VABWFTDX72X',
  ] as const),
})

/** What each funded Ledger account starts with: 100 ETH (wei), 10 SOL (lamports) and 1,000 STX (µSTX). */
export const ledgerDeviceFunding = { evmWei: 100n * 10n ** 18n, solanaLamports: 10n * 10n ** 9n, stacksUstx: 1_000n * 10n ** 6n } as const

/** What each funded Ledger Sui account starts with: 10 SUI (MIST). */
export const ledgerDeviceSuiFunding = 10n * 10n ** 9n
