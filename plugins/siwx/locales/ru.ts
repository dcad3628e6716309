/** The siwx plugin's strings in Russian (`ru`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Вход',
  'siwx.heading': 'Войдите с помощью кошелька',
  'siwx.body': 'Подпишите это сообщение в кошельке, чтобы подтвердить, что аккаунт принадлежит вам. Подпись бесплатна и не отправляет транзакцию.',
  'siwx.bodyRequired': 'Подпишите это сообщение в кошельке, чтобы подтвердить, что аккаунт принадлежит вам. Подпись бесплатна и не отправляет транзакцию. Если вы отмените, кошелёк будет отключён.',
  'siwx.messageLabel': 'Сообщение для подписи',
  'siwx.preparing': 'Готовим сообщение…',
  'siwx.authenticating': 'Выполняем вход…',
  'siwx.error': 'Ошибка при подписи сообщения',
  'siwx.signedIn': 'Вход выполнен',
  'siwx.closeRefused': 'На этом сайте нужно войти: подпишите сообщение или нажмите «Отмена», чтобы отключиться.',
  'siwx.errorInitializing': 'Не удалось запустить аутентификацию',
  'siwx.sign': 'Подписать',
  'siwx.cancel': 'Отмена',
} satisfies Readonly<Record<string, string>>
