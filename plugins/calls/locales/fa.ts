/** The calls plugin's strings in Persian (`fa`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'حساب هوشمند',
  'calls.smartAccountDeployed': 'حساب هوشمند · مستقر شده',
  'calls.smartAccountNotDeployed': 'حساب هوشمند · هنوز مستقر نشده',
  'calls.switchToSmartAccount': 'رفتن به حساب هوشمند',
  'calls.switchToEoa': 'رفتن به حساب EOA',
  'calls.switchFailed': 'نوع حساب تغییر نکرد',
} satisfies Readonly<Record<string, string>>
