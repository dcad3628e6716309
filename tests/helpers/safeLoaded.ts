// The safe plugin keeps its setup (and meta) behind `load()` (issue 44): a test that creates the
// kernel synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { safe } from '../../plugins/safe/index.js'

await loadPlugins([safe()])
