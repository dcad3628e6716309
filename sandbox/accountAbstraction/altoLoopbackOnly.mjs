// Preloaded into the alto bundler's Node process (`node --import <this file> alto.js …`).
// alto 0.0.20 calls `fastify.listen({ host: '0.0.0.0' })` with no flag to change it; the sandbox
// must listen on 127.0.0.1 only, so every server in that process binds to loopback instead.
import net from 'node:net'

const loopback = '127.0.0.1'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args
  if (first !== null && typeof first === 'object' && !Array.isArray(first) && ('port' in first || 'host' in first)) {
    args[0] = { ...first, host: loopback }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof args[1] === 'string') args[1] = loopback
    else args.splice(1, 0, loopback)
  }
  return listen.apply(this, args)
}
