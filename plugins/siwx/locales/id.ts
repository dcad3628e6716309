/** The siwx plugin's strings in Indonesian (`id`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Masuk',
  'siwx.heading': 'Masuk dengan dompet Anda',
  'siwx.body': 'Tanda tangani pesan ini di dompet Anda untuk membuktikan bahwa akun ini milik Anda. Tanda tangan ini gratis dan tidak mengirim transaksi apa pun.',
  'siwx.bodyRequired': 'Tanda tangani pesan ini di dompet Anda untuk membuktikan bahwa akun ini milik Anda. Tanda tangan ini gratis dan tidak mengirim transaksi apa pun. Jika dibatalkan, koneksi Anda akan diputus.',
  'siwx.messageLabel': 'Pesan untuk ditandatangani',
  'siwx.preparing': 'Menyiapkan pesan…',
  'siwx.authenticating': 'Mengautentikasi…',
  'siwx.error': 'Gagal menandatangani pesan',
  'siwx.signedIn': 'Berhasil masuk',
  'siwx.closeRefused': 'Situs ini mewajibkan Anda masuk: tanda tangani pesannya, atau pilih Batal untuk memutuskan koneksi.',
  'siwx.errorInitializing': 'Terjadi masalah saat memulai autentikasi',
  'siwx.sign': 'Tanda tangani',
  'siwx.cancel': 'Batal',
} satisfies Readonly<Record<string, string>>
