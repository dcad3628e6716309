// The ledger plugin keeps its setup behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { ledger } from '../../plugins/ledger/index.js'

await loadPlugins([ledger()])
