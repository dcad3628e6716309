/** The siwx plugin's strings in Traditional Chinese, Taiwan (`zh-TW`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': '登入',
  'siwx.heading': '使用錢包登入',
  'siwx.body': '請在錢包中簽署這則訊息，證明您擁有此帳戶。簽署免費，且不會送出任何交易。',
  'siwx.bodyRequired': '請在錢包中簽署這則訊息，證明您擁有此帳戶。簽署免費，且不會送出任何交易。取消將會中斷連結。',
  'siwx.messageLabel': '待簽署的訊息',
  'siwx.preparing': '正在準備訊息…',
  'siwx.authenticating': '驗證中…',
  'siwx.error': '簽署訊息時發生錯誤',
  'siwx.signedIn': '已登入',
  'siwx.closeRefused': '本網站需要登入：請簽署訊息，或按「取消」中斷連結。',
  'siwx.errorInitializing': '初始化驗證時發生問題',
  'siwx.sign': '簽署',
  'siwx.cancel': '取消',
} satisfies Readonly<Record<string, string>>
