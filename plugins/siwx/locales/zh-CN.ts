/** The siwx plugin's strings in Simplified Chinese (`zh-CN`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': '登录',
  'siwx.heading': '使用钱包登录',
  'siwx.body': '请在钱包中签名此消息，以证明您拥有此账户。签名免费，不会发送任何交易。',
  'siwx.bodyRequired': '请在钱包中签名此消息，以证明您拥有此账户。签名免费，不会发送任何交易。取消将断开连接。',
  'siwx.messageLabel': '待签名消息',
  'siwx.preparing': '正在准备消息…',
  'siwx.authenticating': '正在验证…',
  'siwx.error': '签名消息出错',
  'siwx.signedIn': '已登录',
  'siwx.closeRefused': '本网站要求登录：请签名消息，或点击“取消”断开连接。',
  'siwx.errorInitializing': '初始化身份验证时出现问题',
  'siwx.sign': '签名',
  'siwx.cancel': '取消',
} satisfies Readonly<Record<string, string>>
