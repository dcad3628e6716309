/** The siwx plugin's strings in Polish (`pl`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Logowanie',
  'siwx.heading': 'Zaloguj się portfelem',
  'siwx.body': 'Podpisz tę wiadomość w portfelu, aby potwierdzić, że to konto należy do Ciebie. Podpis jest bezpłatny i nie wysyła żadnej transakcji.',
  'siwx.bodyRequired': 'Podpisz tę wiadomość w portfelu, aby potwierdzić, że to konto należy do Ciebie. Podpis jest bezpłatny i nie wysyła żadnej transakcji. Anulowanie spowoduje rozłączenie.',
  'siwx.messageLabel': 'Wiadomość do podpisania',
  'siwx.preparing': 'Przygotowywanie wiadomości…',
  'siwx.authenticating': 'Uwierzytelnianie…',
  'siwx.error': 'Błąd podczas podpisywania wiadomości',
  'siwx.signedIn': 'Zalogowano',
  'siwx.closeRefused': 'Ta strona wymaga zalogowania: podpisz wiadomość albo wybierz Anuluj, aby się rozłączyć.',
  'siwx.errorInitializing': 'Wystąpił problem podczas uruchamiania uwierzytelniania',
  'siwx.sign': 'Podpisz',
  'siwx.cancel': 'Anuluj',
} satisfies Readonly<Record<string, string>>
