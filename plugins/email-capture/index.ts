// `portico/email-capture`: the DataCapture view asks a connected visitor for an email (double opt-in on the server).
export { emailCapture } from './emailCapture.js'
export type { EmailCaptureOptions, EmailCaptureSettings } from './emailCapture.js'
export { isEmailAddress } from '../../kernel/index.js'
