/** The siwx plugin's strings in Italian (`it`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Accedi',
  'siwx.heading': 'Accedi con il tuo wallet',
  'siwx.body': 'Firma questo messaggio nel tuo wallet per dimostrare che questo account è tuo. La firma è gratuita e non invia alcuna transazione.',
  'siwx.bodyRequired': 'Firma questo messaggio nel tuo wallet per dimostrare che questo account è tuo. La firma è gratuita e non invia alcuna transazione. Se annulli, verrai disconnesso.',
  'siwx.messageLabel': 'Messaggio da firmare',
  'siwx.preparing': 'Preparazione del messaggio…',
  'siwx.authenticating': 'Autenticazione…',
  'siwx.error': 'Errore nella firma del messaggio',
  'siwx.signedIn': 'Accesso effettuato',
  'siwx.closeRefused': 'Questo sito richiede l’accesso: firma il messaggio oppure scegli «Annulla» per disconnetterti.',
  'siwx.errorInitializing': 'Si è verificato un problema durante l’avvio dell’autenticazione',
  'siwx.sign': 'Firma',
  'siwx.cancel': 'Annulla',
} satisfies Readonly<Record<string, string>>
