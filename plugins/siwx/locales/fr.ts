/** The siwx plugin's strings in French (`fr`), loaded only when a site asks for that locale (`definePlugin({ locales })`). */
export default {
  'siwx.title': 'Connexion',
  'siwx.heading': 'Connectez-vous avec votre portefeuille',
  'siwx.body': 'Signez ce message dans votre portefeuille pour prouver que ce compte vous appartient. La signature est gratuite et n’envoie aucune transaction.',
  'siwx.bodyRequired':
    'Signez ce message dans votre portefeuille pour prouver que ce compte vous appartient. La signature est gratuite et n’envoie aucune transaction. Annuler vous déconnectera.',
  'siwx.messageLabel': 'Message à signer',
  'siwx.account': 'Compte',
  'siwx.network': 'Réseau',
  'siwx.statement': 'Déclaration',
  'siwx.showMessage': 'Afficher le message',
  'siwx.copy': 'Copier le message',
  'siwx.copied': 'Message copié',
  'siwx.copyFailed': 'Impossible de copier le message',
  'siwx.preparing': 'Préparation du message…',
  'siwx.authenticating': 'Authentification…',
  'siwx.error': 'Erreur lors de la signature du message',
  'siwx.signedIn': 'Connecté',
  'siwx.closeRefused': 'Ce site exige une connexion : signez le message, ou choisissez « Annuler » pour vous déconnecter.',
  'siwx.errorInitializing': 'Un problème est survenu lors de l’initialisation de l’authentification',
  'siwx.sign': 'Signer',
  'siwx.cancel': 'Annuler',
} satisfies Readonly<Record<string, string>>
