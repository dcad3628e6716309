/** The siwx plugin's strings in Ukrainian (`uk`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Вхід',
  'siwx.heading': 'Увійдіть за допомогою гаманця',
  'siwx.body': 'Підпишіть це повідомлення в гаманці, щоб підтвердити, що акаунт належить вам. Підпис безкоштовний і не надсилає транзакцію.',
  'siwx.bodyRequired': 'Підпишіть це повідомлення в гаманці, щоб підтвердити, що акаунт належить вам. Підпис безкоштовний і не надсилає транзакцію. Якщо ви скасуєте, гаманець буде відключено.',
  'siwx.messageLabel': 'Повідомлення для підпису',
  'siwx.preparing': 'Готуємо повідомлення…',
  'siwx.authenticating': 'Виконуємо вхід…',
  'siwx.error': 'Помилка під час підписання повідомлення',
  'siwx.signedIn': 'Вхід виконано',
  'siwx.closeRefused': 'На цьому сайті потрібно увійти: підпишіть повідомлення або натисніть «Скасувати», щоб відключитися.',
  'siwx.errorInitializing': 'Не вдалося запустити автентифікацію',
  'siwx.sign': 'Підписати',
  'siwx.cancel': 'Скасувати',
} satisfies Readonly<Record<string, string>>
