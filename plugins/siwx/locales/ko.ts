/** The siwx plugin's strings in Korean (`ko`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': '로그인',
  'siwx.heading': '지갑으로 로그인',
  'siwx.body': '이 계정의 소유자임을 증명하려면 지갑에서 이 메시지에 서명하세요. 서명은 무료이며 트랜잭션을 보내지 않습니다.',
  'siwx.bodyRequired': '이 계정의 소유자임을 증명하려면 지갑에서 이 메시지에 서명하세요. 서명은 무료이며 트랜잭션을 보내지 않습니다. 취소하면 연결이 해제됩니다.',
  'siwx.messageLabel': '서명할 메시지',
  'siwx.preparing': '메시지 준비 중…',
  'siwx.authenticating': '인증 중…',
  'siwx.error': '메시지에 서명하는 중 오류가 발생했습니다',
  'siwx.signedIn': '로그인됨',
  'siwx.closeRefused': '이 사이트는 로그인이 필요합니다. 메시지에 서명하거나 ‘취소’를 눌러 연결을 해제하세요.',
  'siwx.errorInitializing': '인증을 초기화하는 중 문제가 발생했습니다',
  'siwx.sign': '서명',
  'siwx.cancel': '취소',
} satisfies Readonly<Record<string, string>>
