/** The email-capture plugin's strings in Brazilian Portuguese (`pt-BR`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Fique por dentro',
  'email-capture.intro': '{site} gostaria de enviar novidades para você por e-mail.',
  'email-capture.label': 'Endereço de e-mail',
  'email-capture.placeholder': 'voce@example.com',
  'email-capture.consent': 'Ao se inscrever, você concorda em receber e-mails de {site}. Primeiro enviamos uma confirmação, e todo e-mail tem um link para cancelar a inscrição.',
  'email-capture.privacy': 'Política de Privacidade',
  'email-capture.submit': 'Inscrever-se',
  'email-capture.sending': 'Enviando…',
  'email-capture.invalid': 'Informe um e-mail válido',
  'email-capture.sent': 'Confira sua caixa de entrada: enviamos um link de confirmação para {email}.',
  'email-capture.confirmed': '{email} já está confirmado. Obrigado!',
  'email-capture.skip': 'Agora não',
  'email-capture.done': 'Concluído',
  'email-capture.off': 'Este site não coleta e-mails.',
} satisfies Readonly<Record<string, string>>
