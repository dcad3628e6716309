/** The calls plugin's strings in Vietnamese (`vi`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Tài khoản thông minh',
  'calls.smartAccountDeployed': 'Tài khoản thông minh · đã triển khai',
  'calls.smartAccountNotDeployed': 'Tài khoản thông minh · chưa triển khai',
  'calls.switchToSmartAccount': 'Chuyển sang tài khoản thông minh',
  'calls.switchToEoa': 'Chuyển sang EOA',
  'calls.switchFailed': 'Không thể đổi loại tài khoản',
} satisfies Readonly<Record<string, string>>
