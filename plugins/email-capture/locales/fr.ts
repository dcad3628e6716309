/** The email-capture plugin's strings in French (`fr`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Restez informé',
  'email-capture.intro': '{site} souhaite vous envoyer des nouvelles par e-mail.',
  'email-capture.label': 'Adresse e-mail',
  'email-capture.placeholder': 'vous@exemple.fr',
  'email-capture.consent': 'En vous abonnant, vous acceptez de recevoir des e-mails de {site}. Nous envoyons d’abord une confirmation, et chaque e-mail contient un lien de désabonnement.',
  'email-capture.privacy': 'Politique de confidentialité',
  'email-capture.submit': 'S’abonner',
  'email-capture.sending': 'Envoi…',
  'email-capture.invalid': 'Saisissez une adresse e-mail valide',
  'email-capture.sent': 'Consultez votre boîte de réception : nous avons envoyé un lien de confirmation à {email}.',
  'email-capture.confirmed': '{email} est déjà confirmé. Merci !',
  'email-capture.skip': 'Pas maintenant',
  'email-capture.done': 'Terminé',
  'email-capture.off': 'Ce site ne collecte pas d’adresses e-mail.',
} satisfies Readonly<Record<string, string>>
