// The names plugin keeps its setup behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { names } from '../../plugins/names/index.js'

await loadPlugins([names()])
