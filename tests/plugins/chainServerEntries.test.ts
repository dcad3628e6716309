// The chains' Node entries (portico/<chain>/server) as a site's backend uses them: each chain's
// verifier plugged into createSiwxServer (portico/siwx/server) accepts a sign-in signed by a library
// outside the project, and refuses the same signature over another message and an address of
// another namespace. The verifiers' own edge cases are in tests/plugins/<chain>/.
import { createHash, randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { makeSignDoc, Secp256k1Wallet } from '@cosmjs/amino'
import { toBase64 } from '@cosmjs/encoding'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { base64 } from '@scure/base'
import * as sr25519 from '@scure/sr25519'
import { hashMessage } from '@stacks/encryption'
import { privateKeyToAddress, randomPrivateKey, signMessageHashRsv } from '@stacks/transactions'
import * as bitcoin from 'bitcoinjs-lib'
import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { bip122Verifier } from '../../plugins/bip122/server/index.js'
import { bitcoinMainnet } from '../../plugins/bip122/index.js'
import { cosmosVerifier } from '../../plugins/cosmos/server/index.js'
import { cosmosHub } from '../../plugins/cosmos/index.js'
import { encodeSs58, polkadotVerifier } from '../../plugins/polkadot/server/index.js'
import { polkadotMainnet } from '../../plugins/polkadot/index.js'
import { createSiwxMessage } from '../../plugins/siwx/utils/index.js'
import { createSiwxServer, SiwxInvalidMessageError, SiwxInvalidSignatureError } from '../../plugins/siwx/server/index.js'
import { stacksVerifier } from '../../plugins/stacks/server/index.js'
import { stacksTestnet } from '../../plugins/stacks/index.js'
import { suiVerifier } from '../../plugins/sui/server/index.js'
import { suiTestnet } from '../../plugins/sui/index.js'

const domain = 'app.example'
const uri = 'https://app.example/login'

/** One signer per chain, each made with a library the plugin does not use. */
type Signer = { address: string; sign(message: string): Promise<string> }

function bitcoinSigner(): Signer {
  // BIP-137 for a P2WPKH address (header 39 + recovery id), as Bitcoin Core's signmessage format.
  const key = randomBytes(32)
  const pubkey = Buffer.from(ecc.pointFromScalar(key, true)!)
  return {
    address: bitcoin.payments.p2wpkh({ pubkey }).address!,
    async sign(message) {
      const body = Buffer.from(message)
      const length = body.length < 253 ? Buffer.from([body.length]) : Buffer.from([0xfd, body.length & 255, body.length >> 8])
      const digest = createHash('sha256').update(createHash('sha256').update(Buffer.concat([Buffer.from('\x18Bitcoin Signed Message:\n'), length, body])).digest()).digest()
      const { signature, recoveryId } = ecc.signRecoverable(digest, key)
      return base64.encode(Buffer.concat([Buffer.from([39 + recoveryId]), Buffer.from(signature)]))
    },
  }
}

async function cosmosSigner(): Promise<Signer> {
  const wallet = await Secp256k1Wallet.fromKey(new Uint8Array(randomBytes(32)), 'cosmos')
  const [account] = await wallet.getAccounts()
  const address = account!.address
  return {
    address,
    async sign(message) {
      const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer: address, data: toBase64(new TextEncoder().encode(message)) } }], { gas: '0', amount: [] }, '', '', 0, 0)
      return JSON.stringify((await wallet.signAmino(address, doc)).signature)
    },
  }
}

function polkadotSigner(): Signer {
  // What an extension's signRaw answers: the MultiSignature sr25519 byte, then the signature of `<Bytes>message</Bytes>`.
  const secret = sr25519.secretFromSeed(randomBytes(32))
  return {
    address: encodeSs58(sr25519.getPublicKey(secret), 0),
    async sign(message) {
      return bytesToHex(new Uint8Array([1, ...sr25519.sign(secret, new TextEncoder().encode(`<Bytes>${message}</Bytes>`))]))
    },
  }
}

function stacksSigner(): Signer {
  const key = randomPrivateKey()
  return { address: privateKeyToAddress(key, 'testnet'), sign: async (message) => signMessageHashRsv({ messageHash: bytesToHex(hashMessage(message)).slice(2), privateKey: key }) }
}

function suiSigner(): Signer {
  const keypair = Ed25519Keypair.generate()
  return { address: keypair.toSuiAddress(), sign: async (message) => (await keypair.signPersonalMessage(new TextEncoder().encode(message))).signature }
}

// The labels are the ones each chain plugin's browser half writes into the message (setup/setup<Chain>.ts).
const chains = [
  { namespace: 'bip122', label: 'Bitcoin', verifier: bip122Verifier, network: bitcoinMainnet, signer: async () => bitcoinSigner() },
  { namespace: 'cosmos', label: 'Cosmos', verifier: cosmosVerifier, network: cosmosHub, signer: cosmosSigner },
  { namespace: 'polkadot', label: 'Polkadot', verifier: polkadotVerifier, network: polkadotMainnet, signer: async () => polkadotSigner() },
  { namespace: 'stacks', label: 'Stacks', verifier: stacksVerifier, network: stacksTestnet, signer: async () => stacksSigner() },
  { namespace: 'sui', label: 'Sui', verifier: suiVerifier, network: suiTestnet, signer: async () => suiSigner() },
] as const

describe('portico/<chain>/server: the sign-in verifiers in createSiwxServer', () => {
  it.each(chains)('$namespace: accepts a sign-in signed outside the project, refuses it over another message and for another namespace\'s address', async ({ namespace, label, verifier, network, signer }) => {
    expect(verifier.label).toBe(label)
    const server = createSiwxServer({ domain, uri, chains: { [network.caipNetworkId]: { rpcUrl: 'http://127.0.0.1:9' } }, verifiers: { [namespace]: verifier } })
    const wallet = await signer()
    const message = async (accountAddress: string, statement = 'Sign in to the test app.') =>
      createSiwxMessage({ label, data: { domain, accountAddress, chainId: network.caipNetworkId, uri, version: '1', nonce: await server.issueNonce(), issuedAt: new Date().toISOString(), statement } })

    const signedIn = await message(wallet.address)
    const session = await server.verify({ message: signedIn, signature: await wallet.sign(signedIn) })
    expect([session.address, session.caipNetworkId]).toEqual([wallet.address, network.caipNetworkId])

    const other = await message(wallet.address, 'Sign in to another app.')
    await expect(server.verify({ message: other, signature: await wallet.sign(signedIn) })).rejects.toBeInstanceOf(SiwxInvalidSignatureError)

    // An EVM address is no address of this namespace: refused before any signature check.
    const foreign = await message('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await expect(server.verify({ message: foreign, signature: await wallet.sign(foreign) })).rejects.toBeInstanceOf(SiwxInvalidMessageError)
  })
})
