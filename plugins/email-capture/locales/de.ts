/** The email-capture plugin's strings in German (`de`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Bleib auf dem Laufenden',
  'email-capture.intro': '{site} möchte dir Neuigkeiten per E-Mail schicken.',
  'email-capture.label': 'E-Mail-Adresse',
  'email-capture.placeholder': 'du@beispiel.de',
  'email-capture.consent': 'Mit dem Abonnieren stimmst du zu, E-Mails von {site} zu erhalten. Wir schicken zuerst eine Bestätigung, und jede E-Mail enthält einen Abmeldelink.',
  'email-capture.privacy': 'Datenschutzerklärung',
  'email-capture.submit': 'Abonnieren',
  'email-capture.sending': 'Wird gesendet…',
  'email-capture.invalid': 'Gib eine gültige E-Mail-Adresse ein',
  'email-capture.sent': 'Schau in dein Postfach: Wir haben einen Bestätigungslink an {email} geschickt.',
  'email-capture.confirmed': '{email} ist bereits bestätigt. Danke!',
  'email-capture.skip': 'Nicht jetzt',
  'email-capture.done': 'Fertig',
  'email-capture.off': 'Diese Website sammelt keine E-Mail-Adressen.',
} satisfies Readonly<Record<string, string>>
