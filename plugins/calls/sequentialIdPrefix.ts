/**
 * The prefix of a batch id the kernel made by sending the calls one by one (`sendCalls` with
 * `fallback: 'sequential'`): `sequential:<hash>,<hash>…`.
 *
 * @example
 * id.startsWith(sequentialIdPrefix) // a batch sent call by call
 */
export const sequentialIdPrefix = 'sequential:'
