import { EventEmitter } from 'events'

/**
 * Node's `stream` for the sandbox's browser bundles: @ledgerhq/hw-app-btc's bs58check@2 hashes with
 * create-hash, whose cipher-base inherits `stream.Transform` (called as a function) but is used only
 * through `update()` / `digest()`. A plain constructor over the `events` polyfill stands in;
 * readable-stream would need a `process` global the page does not have.
 */
export function Transform(this: EventEmitter): void {
  EventEmitter.call(this)
}
Transform.prototype = Object.create(EventEmitter.prototype, { constructor: { value: Transform, writable: true, configurable: true } })
