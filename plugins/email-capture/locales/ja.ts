/** The email-capture plugin's strings in Japanese (`ja`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': '最新情報を受け取る',
  'email-capture.intro': '{site}から最新情報をメールでお届けします。',
  'email-capture.label': 'メールアドレス',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': '登録すると、{site}からのメールの受信に同意したことになります。最初に確認メールをお送りします。すべてのメールに配信停止リンクが含まれています。',
  'email-capture.privacy': 'プライバシーポリシー',
  'email-capture.submit': '登録',
  'email-capture.sending': '送信中…',
  'email-capture.invalid': '有効なメールアドレスを入力してください',
  'email-capture.sent': '受信トレイをご確認ください。{email}に確認リンクを送信しました。',
  'email-capture.confirmed': '{email}は確認済みです。ありがとうございます！',
  'email-capture.skip': '今はしない',
  'email-capture.done': '完了',
  'email-capture.off': 'このサイトではメールアドレスを収集していません。',
} satisfies Readonly<Record<string, string>>
