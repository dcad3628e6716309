/** The calls plugin's strings in Japanese (`ja`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'スマートアカウント',
  'calls.smartAccountDeployed': 'スマートアカウント・デプロイ済み',
  'calls.smartAccountNotDeployed': 'スマートアカウント・未デプロイ',
  'calls.switchToSmartAccount': 'スマートアカウントに切り替え',
  'calls.switchToEoa': 'EOAに切り替え',
  'calls.switchFailed': 'アカウントの種類を切り替えられませんでした',
} satisfies Readonly<Record<string, string>>
