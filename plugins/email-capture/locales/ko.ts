/** The email-capture plugin's strings in Korean (`ko`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': '새 소식 받기',
  'email-capture.intro': '{site}에서 이메일로 새 소식을 보내 드리려고 합니다.',
  'email-capture.label': '이메일 주소',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': '구독하면 {site}의 이메일 수신에 동의하는 것입니다. 먼저 확인 메일을 보내 드리며, 모든 이메일에는 수신 거부 링크가 있습니다.',
  'email-capture.privacy': '개인정보 처리방침',
  'email-capture.submit': '구독',
  'email-capture.sending': '보내는 중…',
  'email-capture.invalid': '올바른 이메일 주소를 입력하세요',
  'email-capture.sent': '받은편지함을 확인하세요. {email}(으)로 확인 링크를 보냈습니다.',
  'email-capture.confirmed': '{email}은(는) 이미 확인되었습니다. 감사합니다!',
  'email-capture.skip': '나중에',
  'email-capture.done': '완료',
  'email-capture.off': '이 사이트는 이메일을 수집하지 않습니다.',
} satisfies Readonly<Record<string, string>>
