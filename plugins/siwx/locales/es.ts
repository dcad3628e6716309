/** The siwx plugin's strings in Spanish (`es`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Iniciar sesión',
  'siwx.heading': 'Inicia sesión con tu billetera',
  'siwx.body': 'Firma este mensaje en tu billetera para demostrar que esta cuenta es tuya. Firmar es gratis y no envía ninguna transacción.',
  'siwx.bodyRequired': 'Firma este mensaje en tu billetera para demostrar que esta cuenta es tuya. Firmar es gratis y no envía ninguna transacción. Si cancelas, se cerrará la conexión.',
  'siwx.messageLabel': 'Mensaje para firmar',
  'siwx.preparing': 'Preparando el mensaje…',
  'siwx.authenticating': 'Autenticando…',
  'siwx.error': 'Error al firmar el mensaje',
  'siwx.signedIn': 'Sesión iniciada',
  'siwx.closeRefused': 'Este sitio exige iniciar sesión: firma el mensaje o elige «Cancelar» para desconectarte.',
  'siwx.errorInitializing': 'Hubo un problema al iniciar la autenticación',
  'siwx.sign': 'Firmar',
  'siwx.cancel': 'Cancelar',
} satisfies Readonly<Record<string, string>>
