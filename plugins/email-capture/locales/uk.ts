/** The email-capture plugin's strings in Ukrainian (`uk`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Будьте в курсі',
  'email-capture.intro': '{site} хоче надсилати вам новини ел. поштою.',
  'email-capture.label': 'Адреса ел. пошти',
  'email-capture.placeholder': 'oksana@example.com',
  'email-capture.consent': 'Підписуючись, ви погоджуєтеся отримувати листи від {site}. Спершу ми надішлемо лист для підтвердження, а в кожному листі буде посилання для відписки.',
  'email-capture.privacy': 'Політика конфіденційності',
  'email-capture.submit': 'Підписатися',
  'email-capture.sending': 'Надсилання…',
  'email-capture.invalid': 'Введіть правильну адресу ел. пошти',
  'email-capture.sent': 'Перевірте пошту: ми надіслали посилання для підтвердження на {email}.',
  'email-capture.confirmed': 'Адресу {email} уже підтверджено. Дякуємо!',
  'email-capture.skip': 'Не зараз',
  'email-capture.done': 'Готово',
  'email-capture.off': 'Цей сайт не збирає адреси ел. пошти.',
} satisfies Readonly<Record<string, string>>
