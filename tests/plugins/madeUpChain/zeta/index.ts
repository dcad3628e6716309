// The made-up `zeta` plugin's entry (a third party's `my-portico-zeta`): what a page needs before
// the visitor acts, the factory, the network and the request names; the rest loads with the kernel.
export { zeta } from './zeta.js'
export { zetaTestnet } from './networks/zetaTestnet.js'
export { zetaMethods, zetaNamespace } from './constants.js'
