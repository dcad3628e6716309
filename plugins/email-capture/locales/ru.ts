/** The email-capture plugin's strings in Russian (`ru`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Будьте в курсе',
  'email-capture.intro': '{site} хочет присылать вам новости по эл. почте.',
  'email-capture.label': 'Адрес эл. почты',
  'email-capture.placeholder': 'ivan@example.com',
  'email-capture.consent': 'Подписываясь, вы соглашаетесь получать письма от {site}. Сначала мы отправим письмо для подтверждения, а в каждом письме будет ссылка для отписки.',
  'email-capture.privacy': 'Политика конфиденциальности',
  'email-capture.submit': 'Подписаться',
  'email-capture.sending': 'Отправка…',
  'email-capture.invalid': 'Введите корректный адрес эл. почты',
  'email-capture.sent': 'Проверьте почту: мы отправили ссылку для подтверждения на {email}.',
  'email-capture.confirmed': 'Адрес {email} уже подтверждён. Спасибо!',
  'email-capture.skip': 'Не сейчас',
  'email-capture.done': 'Готово',
  'email-capture.off': 'Этот сайт не собирает адреса эл. почты.',
} satisfies Readonly<Record<string, string>>
