// Stands in for the `function-bind` package in the sandbox's browser bundles (esbuild `alias`): its
// fallback builds a bound function with Function('binder', …), which a strict CSP refuses (and which
// runs only where Function.prototype.bind is missing). get-intrinsic, hasown and call-bind's helpers
// (under @ledgerhq/hw-app-btc, in the demo's Ledger on Bitcoin) require it; every browser the sandbox
// targets has Function.prototype.bind.
module.exports = Function.prototype.bind
