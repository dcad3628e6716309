/** The siwx plugin's strings in Japanese (`ja`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'サインイン',
  'siwx.heading': 'ウォレットでサインイン',
  'siwx.body': 'このアカウントの所有者であることを証明するため、ウォレットでこのメッセージに署名してください。署名は無料で、トランザクションは送信されません。',
  'siwx.bodyRequired': 'このアカウントの所有者であることを証明するため、ウォレットでこのメッセージに署名してください。署名は無料で、トランザクションは送信されません。キャンセルすると接続が解除されます。',
  'siwx.messageLabel': '署名するメッセージ',
  'siwx.preparing': 'メッセージを準備中…',
  'siwx.authenticating': '認証中…',
  'siwx.error': 'メッセージに署名できませんでした',
  'siwx.signedIn': 'サインインしました',
  'siwx.closeRefused': 'このサイトではサインインが必要です。メッセージに署名するか、「キャンセル」で接続を解除してください。',
  'siwx.errorInitializing': '認証の初期化中に問題が発生しました',
  'siwx.sign': '署名',
  'siwx.cancel': 'キャンセル',
} satisfies Readonly<Record<string, string>>
