/** The siwx plugin's strings in Turkish (`tr`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Giriş yap',
  'siwx.heading': 'Cüzdanınızla giriş yapın',
  'siwx.body': 'Bu hesabın size ait olduğunu kanıtlamak için bu mesajı cüzdanınızda imzalayın. İmzalamak ücretsizdir ve herhangi bir işlem göndermez.',
  'siwx.bodyRequired': 'Bu hesabın size ait olduğunu kanıtlamak için bu mesajı cüzdanınızda imzalayın. İmzalamak ücretsizdir ve herhangi bir işlem göndermez. İptal ederseniz bağlantınız kesilir.',
  'siwx.messageLabel': 'İmzalanacak mesaj',
  'siwx.preparing': 'Mesaj hazırlanıyor…',
  'siwx.authenticating': 'Kimlik doğrulanıyor…',
  'siwx.error': 'Mesaj imzalanırken hata oluştu',
  'siwx.signedIn': 'Giriş yapıldı',
  'siwx.closeRefused': 'Bu site giriş yapmanızı gerektiriyor: mesajı imzalayın ya da bağlantıyı kesmek için “İptal”e basın.',
  'siwx.errorInitializing': 'Kimlik doğrulama başlatılırken bir sorun oluştu',
  'siwx.sign': 'İmzala',
  'siwx.cancel': 'İptal',
} satisfies Readonly<Record<string, string>>
