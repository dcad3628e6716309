/** The email-capture plugin's strings in Spanish (`es`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Mantente al día',
  'email-capture.intro': '{site} quiere enviarte novedades por correo electrónico.',
  'email-capture.label': 'Correo electrónico',
  'email-capture.placeholder': 'tu@ejemplo.com',
  'email-capture.consent': 'Al suscribirte, aceptas recibir correos de {site}. Primero te enviaremos una confirmación, y cada correo incluye un enlace para darte de baja.',
  'email-capture.privacy': 'Política de privacidad',
  'email-capture.submit': 'Suscribirme',
  'email-capture.sending': 'Enviando…',
  'email-capture.invalid': 'Ingresa un correo electrónico válido',
  'email-capture.sent': 'Revisa tu bandeja de entrada: hemos enviado un enlace de confirmación a {email}.',
  'email-capture.confirmed': '{email} ya está confirmado. ¡Gracias!',
  'email-capture.skip': 'Ahora no',
  'email-capture.done': 'Listo',
  'email-capture.off': 'Este sitio no recopila correos electrónicos.',
} satisfies Readonly<Record<string, string>>
