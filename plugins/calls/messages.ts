/** The calls plugin's English strings (the Account view's account type and switch), by locale key; a site's `<PorticoProvider messages>` may translate any of them. */
export const messages: Record<string, string> = {
  'calls.smartAccount': 'Smart account',
  'calls.smartAccountDeployed': 'Smart account · deployed',
  'calls.smartAccountNotDeployed': 'Smart account · not deployed yet',
  'calls.switchToSmartAccount': 'Switch to smart account',
  'calls.switchToEoa': 'Switch to EOA',
  'calls.switchFailed': 'Could not switch the account type',
}
