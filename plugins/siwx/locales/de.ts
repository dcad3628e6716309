/** The siwx plugin's strings in German (`de`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Anmelden',
  'siwx.heading': 'Mit deiner Wallet anmelden',
  'siwx.body': 'Signiere diese Nachricht in deiner Wallet, um zu beweisen, dass dir dieses Konto gehört. Das Signieren ist kostenlos und sendet keine Transaktion.',
  'siwx.bodyRequired': 'Signiere diese Nachricht in deiner Wallet, um zu beweisen, dass dir dieses Konto gehört. Das Signieren ist kostenlos und sendet keine Transaktion. Wenn du abbrichst, wirst du getrennt.',
  'siwx.messageLabel': 'Zu signierende Nachricht',
  'siwx.preparing': 'Nachricht wird vorbereitet…',
  'siwx.authenticating': 'Authentifizierung…',
  'siwx.error': 'Fehler beim Signieren der Nachricht',
  'siwx.signedIn': 'Angemeldet',
  'siwx.closeRefused': 'Diese Website verlangt eine Anmeldung: Signiere die Nachricht oder wähle „Abbrechen“, um die Verbindung zu trennen.',
  'siwx.errorInitializing': 'Beim Starten der Authentifizierung ist ein Problem aufgetreten',
  'siwx.sign': 'Signieren',
  'siwx.cancel': 'Abbrechen',
} satisfies Readonly<Record<string, string>>
