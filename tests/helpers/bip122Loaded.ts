// The bip122 plugin keeps its code behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { bip122 } from '../../plugins/bip122/index.js'

await loadPlugins([bip122()])
