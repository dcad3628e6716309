// Throwaway Postgres and Redis for tests: the sandbox's own (`npm start -- --scale` uses them too).
export { ensureEngines, freeLoopbackPort, startEngines, type TestEngines } from '../../sandbox/engines/startEngines.js'
