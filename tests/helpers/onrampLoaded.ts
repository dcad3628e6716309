// The onramp plugin keeps its setup behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { onramp } from '../../plugins/onramp/index.js'

await loadPlugins([onramp()])
