/** The calls plugin's strings in Spanish (`es`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Cuenta inteligente',
  'calls.smartAccountDeployed': 'Cuenta inteligente · desplegada',
  'calls.smartAccountNotDeployed': 'Cuenta inteligente · aún sin desplegar',
  'calls.switchToSmartAccount': 'Cambiar a cuenta inteligente',
  'calls.switchToEoa': 'Cambiar a cuenta EOA',
  'calls.switchFailed': 'No se pudo cambiar el tipo de cuenta',
} satisfies Readonly<Record<string, string>>
