// The siwx plugin keeps its setup behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { siwx } from '../../plugins/siwx/index.js'

await loadPlugins([siwx()])
