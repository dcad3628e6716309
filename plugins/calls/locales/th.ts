/** The calls plugin's strings in Thai (`th`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'บัญชีอัจฉริยะ',
  'calls.smartAccountDeployed': 'บัญชีอัจฉริยะ · ดีพลอยแล้ว',
  'calls.smartAccountNotDeployed': 'บัญชีอัจฉริยะ · ยังไม่ได้ดีพลอย',
  'calls.switchToSmartAccount': 'สลับไปใช้บัญชีอัจฉริยะ',
  'calls.switchToEoa': 'สลับไปใช้ EOA',
  'calls.switchFailed': 'สลับประเภทบัญชีไม่ได้',
} satisfies Readonly<Record<string, string>>
