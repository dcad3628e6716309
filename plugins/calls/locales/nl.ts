/** The calls plugin's strings in Dutch (`nl`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Smart account',
  'calls.smartAccountDeployed': 'Smart account · geactiveerd',
  'calls.smartAccountNotDeployed': 'Smart account · nog niet geactiveerd',
  'calls.switchToSmartAccount': 'Overschakelen naar smart account',
  'calls.switchToEoa': 'Overschakelen naar EOA',
  'calls.switchFailed': 'Kon het accounttype niet wijzigen',
} satisfies Readonly<Record<string, string>>
