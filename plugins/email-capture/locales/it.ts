/** The email-capture plugin's strings in Italian (`it`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Resta aggiornato',
  'email-capture.intro': '{site} vorrebbe inviarti aggiornamenti via email.',
  'email-capture.label': 'Indirizzo email',
  'email-capture.placeholder': 'tu@esempio.it',
  'email-capture.consent': 'Iscrivendoti accetti di ricevere email da {site}. Prima ti inviamo una conferma, e ogni email contiene un link per annullare l’iscrizione.',
  'email-capture.privacy': 'Informativa sulla privacy',
  'email-capture.submit': 'Iscriviti',
  'email-capture.sending': 'Invio…',
  'email-capture.invalid': 'Inserisci un indirizzo email valido',
  'email-capture.sent': 'Controlla la posta in arrivo: abbiamo inviato un link di conferma a {email}.',
  'email-capture.confirmed': '{email} è già confermato. Grazie!',
  'email-capture.skip': 'Non ora',
  'email-capture.done': 'Fatto',
  'email-capture.off': 'Questo sito non raccoglie indirizzi email.',
} satisfies Readonly<Record<string, string>>
