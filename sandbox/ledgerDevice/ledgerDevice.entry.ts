// Bundle entry of the emulated Ledger script served at /ledger-device.js (an IIFE built by esbuild).
import { installLedgerDevice } from './installLedgerDevice.js'

installLedgerDevice()
