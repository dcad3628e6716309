// The eip155 plugin keeps its code behind `load()` (issue 27): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { eip155 } from '../../plugins/eip155/index.js'

await loadPlugins([eip155()])
