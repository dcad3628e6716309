// The auth plugin keeps its setup behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { auth } from '../../plugins/auth/index.js'

await loadPlugins([auth({ walletOrigin: 'http://127.0.0.1:9' })])
