/** The email-capture plugin's strings in Hebrew (`he`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'הישארו מעודכנים',
  'email-capture.intro': '{site} רוצה לשלוח לכם עדכונים באימייל.',
  'email-capture.label': 'כתובת אימייל',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': 'בהרשמה אתם מסכימים לקבל אימיילים מ-{site}. קודם נשלח הודעת אישור, ובכל אימייל יש קישור להסרה מרשימת התפוצה.',
  'email-capture.privacy': 'מדיניות הפרטיות',
  'email-capture.submit': 'הרשמה',
  'email-capture.sending': 'שולח…',
  'email-capture.invalid': 'הזינו כתובת אימייל תקינה',
  'email-capture.sent': 'בדקו את תיבת הדואר: שלחנו קישור אישור אל {email}.',
  'email-capture.confirmed': '{email} כבר אושר. תודה!',
  'email-capture.skip': 'לא עכשיו',
  'email-capture.done': 'סיום',
  'email-capture.off': 'האתר הזה לא אוסף כתובות אימייל.',
} satisfies Readonly<Record<string, string>>
