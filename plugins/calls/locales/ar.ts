/** The calls plugin's strings in Arabic (`ar`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'حساب ذكي',
  'calls.smartAccountDeployed': 'حساب ذكي · منشور',
  'calls.smartAccountNotDeployed': 'حساب ذكي · لم يُنشر بعد',
  'calls.switchToSmartAccount': 'التبديل إلى الحساب الذكي',
  'calls.switchToEoa': 'التبديل إلى حساب EOA',
  'calls.switchFailed': 'تعذّر تبديل نوع الحساب',
} satisfies Readonly<Record<string, string>>
