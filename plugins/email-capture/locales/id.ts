/** The email-capture plugin's strings in Indonesian (`id`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Tetap dapat kabar terbaru',
  'email-capture.intro': '{site} ingin mengirimi Anda kabar terbaru lewat email.',
  'email-capture.label': 'Alamat email',
  'email-capture.placeholder': 'anda@example.com',
  'email-capture.consent': 'Dengan berlangganan, Anda setuju menerima email dari {site}. Kami mengirim email konfirmasi terlebih dahulu, dan setiap email memiliki tautan untuk berhenti berlangganan.',
  'email-capture.privacy': 'Kebijakan privasi',
  'email-capture.submit': 'Berlangganan',
  'email-capture.sending': 'Mengirim…',
  'email-capture.invalid': 'Masukkan alamat email yang valid',
  'email-capture.sent': 'Periksa kotak masuk Anda: kami telah mengirim tautan konfirmasi ke {email}.',
  'email-capture.confirmed': '{email} sudah dikonfirmasi. Terima kasih!',
  'email-capture.skip': 'Nanti saja',
  'email-capture.done': 'Selesai',
  'email-capture.off': 'Situs ini tidak mengumpulkan email.',
} satisfies Readonly<Record<string, string>>
