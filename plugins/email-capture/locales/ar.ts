/** The email-capture plugin's strings in Arabic (`ar`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'ابقَ على اطّلاع',
  'email-capture.intro': 'يودّ {site} أن يرسل إليك آخر الأخبار عبر البريد الإلكتروني.',
  'email-capture.label': 'عنوان البريد الإلكتروني',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': 'بالاشتراك، فإنك توافق على تلقّي رسائل بريد إلكتروني من {site}. نرسل إليك رسالة تأكيد أولًا، وكل رسالة تتضمن رابطًا لإلغاء الاشتراك.',
  'email-capture.privacy': 'سياسة الخصوصية',
  'email-capture.submit': 'اشترك',
  'email-capture.sending': 'جارٍ الإرسال…',
  'email-capture.invalid': 'أدخل عنوان بريد إلكتروني صالحًا',
  'email-capture.sent': 'تحقّق من بريدك الوارد: أرسلنا رابط تأكيد إلى {email}.',
  'email-capture.confirmed': 'تم تأكيد {email} من قبل. شكرًا لك!',
  'email-capture.skip': 'ليس الآن',
  'email-capture.done': 'تم',
  'email-capture.off': 'لا يجمع هذا الموقع عناوين البريد الإلكتروني.',
} satisfies Readonly<Record<string, string>>
