// The solana plugin keeps its code behind `load()` (issue 27): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { solana } from '../../plugins/solana/index.js'

await loadPlugins([solana()])
