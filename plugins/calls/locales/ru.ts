/** The calls plugin's strings in Russian (`ru`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Смарт-аккаунт',
  'calls.smartAccountDeployed': 'Смарт-аккаунт · развёрнут',
  'calls.smartAccountNotDeployed': 'Смарт-аккаунт · ещё не развёрнут',
  'calls.switchToSmartAccount': 'Перейти на смарт-аккаунт',
  'calls.switchToEoa': 'Перейти на EOA',
  'calls.switchFailed': 'Не удалось сменить тип аккаунта',
} satisfies Readonly<Record<string, string>>
