/** The email-capture plugin's strings in Dutch (`nl`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Blijf op de hoogte',
  'email-capture.intro': '{site} wil je graag updates sturen per e-mail.',
  'email-capture.label': 'E-mailadres',
  'email-capture.placeholder': 'naam@example.com',
  'email-capture.consent': 'Door je aan te melden ga je akkoord met het ontvangen van e-mails van {site}. We sturen eerst een bevestiging, en elke e-mail bevat een afmeldlink.',
  'email-capture.privacy': 'Privacybeleid',
  'email-capture.submit': 'Aanmelden',
  'email-capture.sending': 'Versturen…',
  'email-capture.invalid': 'Voer een geldig e-mailadres in',
  'email-capture.sent': 'Kijk in je inbox: we hebben een bevestigingslink gestuurd naar {email}.',
  'email-capture.confirmed': '{email} is al bevestigd. Bedankt!',
  'email-capture.skip': 'Niet nu',
  'email-capture.done': 'Klaar',
  'email-capture.off': 'Deze site verzamelt geen e-mailadressen.',
} satisfies Readonly<Record<string, string>>
