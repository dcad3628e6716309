/** The email-capture plugin's strings in Turkish (`tr`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Gelişmelerden haberdar olun',
  'email-capture.intro': '{site} size e-postayla güncellemeler göndermek istiyor.',
  'email-capture.label': 'E-posta adresi',
  'email-capture.placeholder': 'adiniz@example.com',
  'email-capture.consent': 'Abone olarak {site} tarafından gönderilen e-postaları almayı kabul edersiniz. Önce bir onay e-postası göndeririz ve her e-postada abonelikten çıkma bağlantısı bulunur.',
  'email-capture.privacy': 'Gizlilik politikası',
  'email-capture.submit': 'Abone ol',
  'email-capture.sending': 'Gönderiliyor…',
  'email-capture.invalid': 'Geçerli bir e-posta adresi girin',
  'email-capture.sent': 'Gelen kutunuzu kontrol edin: {email} adresine bir onay bağlantısı gönderdik.',
  'email-capture.confirmed': '{email} zaten onaylanmış. Teşekkürler!',
  'email-capture.skip': 'Şimdi değil',
  'email-capture.done': 'Tamam',
  'email-capture.off': 'Bu site e-posta adresi toplamıyor.',
} satisfies Readonly<Record<string, string>>
