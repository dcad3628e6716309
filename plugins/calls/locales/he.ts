/** The calls plugin's strings in Hebrew (`he`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'חשבון חכם',
  'calls.smartAccountDeployed': 'חשבון חכם · פרוס',
  'calls.smartAccountNotDeployed': 'חשבון חכם · עדיין לא נפרס',
  'calls.switchToSmartAccount': 'מעבר לחשבון חכם',
  'calls.switchToEoa': 'מעבר לחשבון EOA',
  'calls.switchFailed': 'לא ניתן היה להחליף את סוג החשבון',
} satisfies Readonly<Record<string, string>>
