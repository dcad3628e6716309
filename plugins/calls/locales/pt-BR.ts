/** The calls plugin's strings in Brazilian Portuguese (`pt-BR`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'Conta inteligente',
  'calls.smartAccountDeployed': 'Conta inteligente · implantada',
  'calls.smartAccountNotDeployed': 'Conta inteligente · ainda não implantada',
  'calls.switchToSmartAccount': 'Mudar para conta inteligente',
  'calls.switchToEoa': 'Mudar para EOA',
  'calls.switchFailed': 'Não foi possível mudar o tipo de conta',
} satisfies Readonly<Record<string, string>>
