/** The siwx plugin's strings in Dutch (`nl`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Inloggen',
  'siwx.heading': 'Inloggen met je wallet',
  'siwx.body': 'Onderteken dit bericht in je wallet om te bewijzen dat dit account van jou is. Ondertekenen is gratis en verstuurt geen transactie.',
  'siwx.bodyRequired': 'Onderteken dit bericht in je wallet om te bewijzen dat dit account van jou is. Ondertekenen is gratis en verstuurt geen transactie. Als je annuleert, wordt de verbinding verbroken.',
  'siwx.messageLabel': 'Te ondertekenen bericht',
  'siwx.preparing': 'Bericht voorbereiden…',
  'siwx.authenticating': 'Authenticeren…',
  'siwx.error': 'Fout bij het ondertekenen van het bericht',
  'siwx.signedIn': 'Ingelogd',
  'siwx.closeRefused': 'Deze site vereist dat je inlogt: onderteken het bericht, of kies Annuleren om de verbinding te verbreken.',
  'siwx.errorInitializing': 'Er ging iets mis bij het starten van de authenticatie',
  'siwx.sign': 'Ondertekenen',
  'siwx.cancel': 'Annuleren',
} satisfies Readonly<Record<string, string>>
