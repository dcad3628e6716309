/** The email-capture plugin's strings in Persian (`fa`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'در جریان بمانید',
  'email-capture.intro': '{site} می‌خواهد اخبار تازه را برایتان ایمیل کند.',
  'email-capture.label': 'نشانی ایمیل',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': 'با عضویت، دریافت ایمیل از {site} را می‌پذیرید. ابتدا یک ایمیل تأیید می‌فرستیم و هر ایمیل پیوندی برای لغو عضویت دارد.',
  'email-capture.privacy': 'سیاست حریم خصوصی',
  'email-capture.submit': 'عضویت',
  'email-capture.sending': 'در حال ارسال…',
  'email-capture.invalid': 'یک نشانی ایمیل معتبر وارد کنید',
  'email-capture.sent': 'صندوق ورودی خود را بررسی کنید: پیوند تأیید را به {email} فرستادیم.',
  'email-capture.confirmed': '{email} قبلاً تأیید شده است. سپاسگزاریم!',
  'email-capture.skip': 'الان نه',
  'email-capture.done': 'تمام',
  'email-capture.off': 'این سایت ایمیل جمع‌آوری نمی‌کند.',
} satisfies Readonly<Record<string, string>>
