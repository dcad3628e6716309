/** The calls plugin's strings in Traditional Chinese, Taiwan (`zh-TW`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': '智慧帳戶',
  'calls.smartAccountDeployed': '智慧帳戶 · 已部署',
  'calls.smartAccountNotDeployed': '智慧帳戶 · 尚未部署',
  'calls.switchToSmartAccount': '切換為智慧帳戶',
  'calls.switchToEoa': '切換為 EOA',
  'calls.switchFailed': '無法切換帳戶類型',
} satisfies Readonly<Record<string, string>>
