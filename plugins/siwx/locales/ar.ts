/** The siwx plugin's strings in Arabic (`ar`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'تسجيل الدخول',
  'siwx.heading': 'سجّل الدخول بمحفظتك',
  'siwx.body': 'وقّع هذه الرسالة في محفظتك لإثبات ملكيتك لهذا الحساب. التوقيع مجاني ولا يُرسل أي معاملة.',
  'siwx.bodyRequired': 'وقّع هذه الرسالة في محفظتك لإثبات ملكيتك لهذا الحساب. التوقيع مجاني ولا يُرسل أي معاملة. الإلغاء سيقطع اتصالك.',
  'siwx.messageLabel': 'الرسالة المطلوب توقيعها',
  'siwx.preparing': 'جارٍ تجهيز الرسالة…',
  'siwx.authenticating': 'جارٍ التحقق من الهوية…',
  'siwx.error': 'خطأ في توقيع الرسالة',
  'siwx.signedIn': 'تم تسجيل الدخول',
  'siwx.closeRefused': 'يتطلّب هذا الموقع تسجيل الدخول: وقّع الرسالة، أو اختر «إلغاء» لقطع الاتصال.',
  'siwx.errorInitializing': 'حدثت مشكلة أثناء بدء عملية التحقق من الهوية',
  'siwx.sign': 'توقيع',
  'siwx.cancel': 'إلغاء',
} satisfies Readonly<Record<string, string>>
