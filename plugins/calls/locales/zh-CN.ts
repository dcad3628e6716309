/** The calls plugin's strings in Simplified Chinese (`zh-CN`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': '智能账户',
  'calls.smartAccountDeployed': '智能账户 · 已部署',
  'calls.smartAccountNotDeployed': '智能账户 · 尚未部署',
  'calls.switchToSmartAccount': '切换到智能账户',
  'calls.switchToEoa': '切换到 EOA',
  'calls.switchFailed': '无法切换账户类型',
} satisfies Readonly<Record<string, string>>
