/** The siwx plugin's strings in Hebrew (`he`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'התחברות',
  'siwx.heading': 'התחברות עם הארנק',
  'siwx.body': 'חתמו על ההודעה הזו בארנק כדי להוכיח שהחשבון הזה שלכם. החתימה חינמית ולא שולחת שום עסקה.',
  'siwx.bodyRequired': 'חתמו על ההודעה הזו בארנק כדי להוכיח שהחשבון הזה שלכם. החתימה חינמית ולא שולחת שום עסקה. ביטול ינתק אתכם.',
  'siwx.messageLabel': 'ההודעה לחתימה',
  'siwx.preparing': 'מכין את ההודעה…',
  'siwx.authenticating': 'מאמת…',
  'siwx.error': 'שגיאה בחתימה על ההודעה',
  'siwx.signedIn': 'מחובר',
  'siwx.closeRefused': 'האתר הזה דורש התחברות: חתמו על ההודעה, או בחרו "ביטול" כדי להתנתק.',
  'siwx.errorInitializing': 'אירעה בעיה בהפעלת האימות',
  'siwx.sign': 'חתימה',
  'siwx.cancel': 'ביטול',
} satisfies Readonly<Record<string, string>>
