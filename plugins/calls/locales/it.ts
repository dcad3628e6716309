/** The calls plugin's strings in Italian (`it`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Smart account',
  'calls.smartAccountDeployed': 'Smart account · distribuito',
  'calls.smartAccountNotDeployed': 'Smart account · non ancora distribuito',
  'calls.switchToSmartAccount': 'Passa allo smart account',
  'calls.switchToEoa': 'Passa all’account EOA',
  'calls.switchFailed': 'Impossibile cambiare il tipo di account',
} satisfies Readonly<Record<string, string>>
