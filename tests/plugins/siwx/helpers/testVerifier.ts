import { definePlugin } from '../../../../kernel/kernel.js'

/**
 * A plugin that verifies the test wallet's eip155 signatures (`signed:<message>`, see
 * tests/kernel/helpers/testKit.ts). `before` runs first on each check: a test makes it throw for
 * a verification that cannot be done (an RPC down).
 */
export const testVerifier = (before?: () => void) =>
  definePlugin({
    name: 'test-verifier',
    kind: 'feature',
    version: '0.0.0',
    meta: { description: 'Verifies the test wallet signatures.' },
    setup: (p) =>
      p.signInVerifiers.register('eip155', {
        label: 'Ethereum',
        verify: async ({ message, signature }) => {
          before?.()
          return signature === `signed:${message}`
        },
      }),
  })
