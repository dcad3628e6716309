/** The calls plugin's strings in German (`de`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Smart Account',
  'calls.smartAccountDeployed': 'Smart Account · bereitgestellt',
  'calls.smartAccountNotDeployed': 'Smart Account · noch nicht bereitgestellt',
  'calls.switchToSmartAccount': 'Zu Smart Account wechseln',
  'calls.switchToEoa': 'Zu EOA wechseln',
  'calls.switchFailed': 'Der Kontotyp konnte nicht gewechselt werden',
} satisfies Readonly<Record<string, string>>
