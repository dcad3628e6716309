/** The calls plugin's strings in Indonesian (`id`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Akun pintar',
  'calls.smartAccountDeployed': 'Akun pintar · sudah di-deploy',
  'calls.smartAccountNotDeployed': 'Akun pintar · belum di-deploy',
  'calls.switchToSmartAccount': 'Beralih ke akun pintar',
  'calls.switchToEoa': 'Beralih ke EOA',
  'calls.switchFailed': 'Jenis akun tidak dapat diganti',
} satisfies Readonly<Record<string, string>>
