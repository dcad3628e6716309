/**
 * The siwx plugin's English strings (`definePlugin({ messages })`), by locale key. A site's
 * `<PorticoProvider messages>` may translate any of them; a key it does not give falls back to these.
 */
export const messages: Record<string, string> = {
  'siwx.title': 'Sign In',
  'siwx.heading': 'Sign in with your wallet',
  'siwx.body': 'Sign this message in your wallet to prove you own this account. Signing is free and sends no transaction.',
  'siwx.bodyRequired': 'Sign this message in your wallet to prove you own this account. Signing is free and sends no transaction. Canceling will disconnect you.',
  'siwx.messageLabel': 'Message to sign',
  'siwx.account': 'Account',
  'siwx.network': 'Network',
  'siwx.statement': 'Statement',
  'siwx.showMessage': 'Show message',
  'siwx.copy': 'Copy message',
  'siwx.copied': 'Message copied',
  'siwx.copyFailed': 'Could not copy the message',
  'siwx.preparing': 'Preparing the message…',
  'siwx.authenticating': 'Authenticating…',
  'siwx.error': 'Error signing message',
  'siwx.signedIn': 'Signed in',
  'siwx.closeRefused': 'This site requires signing in: sign the message, or Cancel to disconnect.',
  'siwx.errorInitializing': 'A problem occurred while trying to initialize authentication',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
}
