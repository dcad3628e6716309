/** The email-capture plugin's strings in Polish (`pl`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Bądź na bieżąco',
  'email-capture.intro': '{site} chce wysyłać Ci aktualności e-mailem.',
  'email-capture.label': 'Adres e-mail',
  'email-capture.placeholder': 'jan@example.com',
  'email-capture.consent': 'Zapisując się, zgadzasz się na otrzymywanie e-maili od {site}. Najpierw wyślemy potwierdzenie, a każdy e-mail zawiera link do wypisania się.',
  'email-capture.privacy': 'Polityka prywatności',
  'email-capture.submit': 'Zapisz się',
  'email-capture.sending': 'Wysyłanie…',
  'email-capture.invalid': 'Podaj prawidłowy adres e-mail',
  'email-capture.sent': 'Sprawdź skrzynkę: wysłaliśmy link potwierdzający na adres {email}.',
  'email-capture.confirmed': 'Adres {email} jest już potwierdzony. Dziękujemy!',
  'email-capture.skip': 'Nie teraz',
  'email-capture.done': 'Gotowe',
  'email-capture.off': 'Ta strona nie zbiera adresów e-mail.',
} satisfies Readonly<Record<string, string>>
