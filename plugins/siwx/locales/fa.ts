/** The siwx plugin's strings in Persian (`fa`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'ورود',
  'siwx.heading': 'با کیف پول خود وارد شوید',
  'siwx.body': 'این پیام را در کیف پول خود امضا کنید تا ثابت شود این حساب متعلق به شماست. امضا رایگان است و هیچ تراکنشی ارسال نمی‌کند.',
  'siwx.bodyRequired': 'این پیام را در کیف پول خود امضا کنید تا ثابت شود این حساب متعلق به شماست. امضا رایگان است و هیچ تراکنشی ارسال نمی‌کند. با لغو، اتصال شما قطع می‌شود.',
  'siwx.messageLabel': 'پیام برای امضا',
  'siwx.preparing': 'در حال آماده‌سازی پیام…',
  'siwx.authenticating': 'در حال احراز هویت…',
  'siwx.error': 'خطا در امضای پیام',
  'siwx.signedIn': 'وارد شدید',
  'siwx.closeRefused': 'این سایت نیاز به ورود دارد: پیام را امضا کنید، یا برای قطع اتصال «لغو» را بزنید.',
  'siwx.errorInitializing': 'هنگام آغاز احراز هویت مشکلی پیش آمد',
  'siwx.sign': 'امضا',
  'siwx.cancel': 'لغو',
} satisfies Readonly<Record<string, string>>
