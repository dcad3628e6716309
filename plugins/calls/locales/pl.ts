/** The calls plugin's strings in Polish (`pl`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Smart konto',
  'calls.smartAccountDeployed': 'Smart konto · wdrożone',
  'calls.smartAccountNotDeployed': 'Smart konto · jeszcze niewdrożone',
  'calls.switchToSmartAccount': 'Przełącz na smart konto',
  'calls.switchToEoa': 'Przełącz na EOA',
  'calls.switchFailed': 'Nie udało się zmienić typu konta',
} satisfies Readonly<Record<string, string>>
