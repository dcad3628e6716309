/** The email-capture plugin's strings in Simplified Chinese (`zh-CN`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': '订阅最新动态',
  'email-capture.intro': '{site} 希望通过邮件向您发送最新动态。',
  'email-capture.label': '邮箱地址',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': '订阅即表示您同意接收来自 {site} 的邮件。我们会先发送一封确认邮件，且每封邮件都附有退订链接。',
  'email-capture.privacy': '隐私政策',
  'email-capture.submit': '订阅',
  'email-capture.sending': '发送中…',
  'email-capture.invalid': '请输入有效的邮箱地址',
  'email-capture.sent': '请查收邮件：我们已向 {email} 发送了确认链接。',
  'email-capture.confirmed': '{email} 已确认，感谢订阅！',
  'email-capture.skip': '以后再说',
  'email-capture.done': '完成',
  'email-capture.off': '本网站不收集邮箱地址。',
} satisfies Readonly<Record<string, string>>
