/** The siwx plugin's strings in Brazilian Portuguese (`pt-BR`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Entrar',
  'siwx.heading': 'Entre com sua carteira',
  'siwx.body': 'Assine esta mensagem na sua carteira para provar que esta conta é sua. A assinatura é gratuita e não envia nenhuma transação.',
  'siwx.bodyRequired': 'Assine esta mensagem na sua carteira para provar que esta conta é sua. A assinatura é gratuita e não envia nenhuma transação. Se você cancelar, será desconectado.',
  'siwx.messageLabel': 'Mensagem para assinar',
  'siwx.preparing': 'Preparando a mensagem…',
  'siwx.authenticating': 'Autenticando…',
  'siwx.error': 'Erro ao assinar a mensagem',
  'siwx.signedIn': 'Conectado',
  'siwx.closeRefused': 'Este site exige que você entre: assine a mensagem ou toque em Cancelar para desconectar.',
  'siwx.errorInitializing': 'Ocorreu um problema ao iniciar a autenticação',
  'siwx.sign': 'Assinar',
  'siwx.cancel': 'Cancelar',
} satisfies Readonly<Record<string, string>>
