// The email-capture plugin keeps its code behind `load()` (issue 44): a test that creates the kernel
// synchronously with it (`createPorticoKernel`) imports this module first, which loads that code.
import { loadPlugins } from '../../kernel/kernel.js'
import { emailCapture } from '../../plugins/email-capture/index.js'

await loadPlugins([emailCapture()])
