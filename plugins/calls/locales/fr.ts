/** The calls plugin's strings in French (`fr`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Compte intelligent',
  'calls.smartAccountDeployed': 'Compte intelligent · déployé',
  'calls.smartAccountNotDeployed': 'Compte intelligent · pas encore déployé',
  'calls.switchToSmartAccount': 'Passer au compte intelligent',
  'calls.switchToEoa': 'Passer au compte EOA',
  'calls.switchFailed': 'Impossible de changer de type de compte',
} satisfies Readonly<Record<string, string>>
