// Keccak-256 (the original Keccak padding Ethereum uses, not SHA3-256), for EIP-55 address checksums:
// 64-bit lanes as BigInt, which is slow next to a tuned implementation but small, and a checksum
// hashes 40 bytes once per address.
const mask = (1n << 64n) - 1n
/** Bytes absorbed per permutation: (1600 - 2 × 256) / 8. */
const rate = 136

/** Round constants and rotation offsets, derived once as the Keccak reference defines them. */
const roundConstants: bigint[] = []
const rotations: bigint[] = new Array(25).fill(0n)
const piTargets: number[] = new Array(25).fill(0)
{
  let lfsr = 1
  for (let round = 0; round < 24; round++) {
    let constant = 0n
    for (let j = 0; j < 7; j++) {
      if (lfsr & 1) constant |= 1n << BigInt((1 << j) - 1)
      lfsr = ((lfsr << 1) ^ ((lfsr >> 7) * 0x71)) & 0xff
    }
    roundConstants.push(constant)
  }
  let x = 1
  let y = 0
  for (let t = 0; t < 24; t++) {
    rotations[x + 5 * y] = BigInt((((t + 1) * (t + 2)) / 2) % 64)
    ;[x, y] = [y, (2 * x + 3 * y) % 5]
  }
  for (let i = 0; i < 25; i++) {
    const lx = i % 5
    const ly = Math.floor(i / 5)
    piTargets[i] = ly + 5 * ((2 * lx + 3 * ly) % 5)
  }
}

const rotate = (value: bigint, by: bigint) => (by === 0n ? value : ((value << by) | (value >> (64n - by))) & mask)

function permute(state: bigint[]): void {
  const c = new Array<bigint>(5)
  const b = new Array<bigint>(25)
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) c[x] = state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotate(c[(x + 1) % 5]!, 1n)
      for (let y = 0; y < 25; y += 5) state[x + y]! ^= d
    }
    for (let i = 0; i < 25; i++) b[piTargets[i]!] = rotate(state[i]!, rotations[i]!)
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) state[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & mask & b[((x + 2) % 5) + y]!)
    }
    state[0] = state[0]! ^ roundConstants[round]!
  }
}

/**
 * The Keccak-256 hash of `bytes` (32 bytes), as Ethereum computes it.
 *
 * @example
 * keccak256(new TextEncoder().encode('')) // Uint8Array [0xc5, 0xd2, 0x46, …]
 */
export function keccak256(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array((Math.floor(bytes.length / rate) + 1) * rate)
  padded.set(bytes)
  padded[bytes.length]! ^= 0x01
  padded[padded.length - 1]! ^= 0x80
  const state = new Array<bigint>(25).fill(0n)
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane++) {
      let value = 0n
      for (let k = 7; k >= 0; k--) value = (value << 8n) | BigInt(padded[offset + lane * 8 + k]!)
      state[lane] = state[lane]! ^ value
    }
    permute(state)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt(8 * (i & 7))) & 0xffn)
  return out
}
