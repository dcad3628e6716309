/**
 * The walletconnect plugin's English strings (`definePlugin({ messages })`). A site's
 * `<PorticoProvider messages>` may override any key; a key it does not give falls back to these.
 */
export const messages: Record<string, string> = {
  'walletconnect.scan': 'Scan with your phone',
  'walletconnect.scanWallet': 'Scan with {wallet}',
  'walletconnect.scanHint': 'Open a WalletConnect wallet on your phone and scan this code, or copy the link into a wallet.',
  'walletconnect.loading': 'Preparing the QR code…',
  'walletconnect.qrLabel': 'WalletConnect QR code',
  'walletconnect.copy': 'Copy link',
  'walletconnect.copied': 'Link copied',
  'walletconnect.copyFailed': 'Could not copy the link',
  'walletconnect.expiresIn': 'A new code in {time}',
  'walletconnect.refreshed': 'The code was renewed',
  'walletconnect.links': 'Open {wallet}',
  'walletconnect.desktop': 'Desktop app',
  'walletconnect.mobile': 'Mobile app',
  'walletconnect.webapp': 'Web app',
  'walletconnect.failed': 'Failed to connect',
  'walletconnect.rejected': 'Connection rejected',
  'walletconnect.retry': 'Try again',
  'walletconnect.connected': 'Connected',
  'walletconnect.continueIn': 'Continue in {wallet}',
  'walletconnect.continueHint': 'Approve the connection in {wallet}, then come back here.',
  'walletconnect.open': 'Open {wallet}',
  'walletconnect.error.WALLETCONNECT_CONFIG': 'WalletConnect is not configured',
  'walletconnect.error.RELAY_UNAVAILABLE': 'The WalletConnect relay is not reachable',
  'walletconnect.error.PAIRING_CANCELLED': 'Modal closed',
  'walletconnect.error.METHOD_NOT_APPROVED': 'The wallet did not approve this method',
  'walletconnect.error.INVALID_WALLET_RESPONSE': 'The wallet returned an invalid response',
  'walletconnect.error.WALLETCONNECT_PEER': 'The wallet sent an event the session does not allow',
}
