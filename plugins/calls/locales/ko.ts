/** The calls plugin's strings in Korean (`ko`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': '스마트 계정',
  'calls.smartAccountDeployed': '스마트 계정 · 배포됨',
  'calls.smartAccountNotDeployed': '스마트 계정 · 아직 배포되지 않음',
  'calls.switchToSmartAccount': '스마트 계정으로 전환',
  'calls.switchToEoa': 'EOA로 전환',
  'calls.switchFailed': '계정 유형을 전환할 수 없습니다',
} satisfies Readonly<Record<string, string>>
