// The calls plugin keeps its setup behind `load()` (issue 27): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { calls } from '../../plugins/calls/index.js'

await loadPlugins([calls()])
