/** The calls plugin's strings in Ukrainian (`uk`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Смарт-акаунт',
  'calls.smartAccountDeployed': 'Смарт-акаунт · розгорнуто',
  'calls.smartAccountNotDeployed': 'Смарт-акаунт · ще не розгорнуто',
  'calls.switchToSmartAccount': 'Перейти на смарт-акаунт',
  'calls.switchToEoa': 'Перейти на EOA',
  'calls.switchFailed': 'Не вдалося змінити тип акаунта',
} satisfies Readonly<Record<string, string>>
