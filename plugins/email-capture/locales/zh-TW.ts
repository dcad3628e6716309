/** The email-capture plugin's strings in Traditional Chinese, Taiwan (`zh-TW`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': '掌握最新消息',
  'email-capture.intro': '{site} 想透過電子郵件寄送最新消息給您。',
  'email-capture.label': '電子郵件地址',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': '訂閱即表示您同意接收來自 {site} 的電子郵件。我們會先寄送一封確認信，且每封郵件都附有取消訂閱連結。',
  'email-capture.privacy': '隱私權政策',
  'email-capture.submit': '訂閱',
  'email-capture.sending': '傳送中…',
  'email-capture.invalid': '請輸入有效的電子郵件地址',
  'email-capture.sent': '請查看收件匣：我們已將確認連結寄到 {email}。',
  'email-capture.confirmed': '{email} 已完成確認，謝謝您！',
  'email-capture.skip': '暫時不要',
  'email-capture.done': '完成',
  'email-capture.off': '本網站不會收集電子郵件地址。',
} satisfies Readonly<Record<string, string>>
