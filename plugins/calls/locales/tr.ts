/** The calls plugin's strings in Turkish (`tr`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Akıllı hesap',
  'calls.smartAccountDeployed': 'Akıllı hesap · dağıtıldı',
  'calls.smartAccountNotDeployed': 'Akıllı hesap · henüz dağıtılmadı',
  'calls.switchToSmartAccount': 'Akıllı hesaba geç',
  'calls.switchToEoa': 'EOA hesabına geç',
  'calls.switchFailed': 'Hesap türü değiştirilemedi',
} satisfies Readonly<Record<string, string>>
