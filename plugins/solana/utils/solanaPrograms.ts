/** Program ids the plugin's transfers use. */
export const solanaPrograms = Object.freeze({
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
})

/** One instruction of a transaction: program, accounts (base58) with their roles, data. */
export type SolanaInstruction = {
  programId: string
  accounts: readonly { address: string; signer: boolean; writable: boolean }[]
  data: Uint8Array
}
