/**
 * The hook classes plugins use, backed by `@rspack/lite-tapable`: the tapable API with no
 * code generation, so hooks run under a strict Content-Security-Policy. Plugins import hook
 * classes from here (re-exported by `portico`), never from a hook library.
 */
export {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  HookMap,
  SyncBailHook,
  SyncHook,
  SyncWaterfallHook,
} from '@rspack/lite-tapable'
