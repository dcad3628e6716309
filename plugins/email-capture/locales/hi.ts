/** The email-capture plugin's strings in Hindi (`hi`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'अपडेट पाते रहें',
  'email-capture.intro': '{site} आपको ईमेल से अपडेट भेजना चाहती है।',
  'email-capture.label': 'ईमेल पता',
  'email-capture.placeholder': 'aap@example.com',
  'email-capture.consent': 'सब्सक्राइब करके आप {site} से ईमेल पाने के लिए सहमत होते हैं। हम पहले पुष्टि का ईमेल भेजते हैं, और हर ईमेल में अनसब्सक्राइब करने का लिंक होता है।',
  'email-capture.privacy': 'गोपनीयता नीति',
  'email-capture.submit': 'सब्सक्राइब करें',
  'email-capture.sending': 'भेजा जा रहा है…',
  'email-capture.invalid': 'मान्य ईमेल पता डालें',
  'email-capture.sent': 'अपना इनबॉक्स देखें: हमने {email} पर पुष्टि का लिंक भेजा है।',
  'email-capture.confirmed': '{email} की पुष्टि पहले ही हो चुकी है। धन्यवाद!',
  'email-capture.skip': 'अभी नहीं',
  'email-capture.done': 'हो गया',
  'email-capture.off': 'यह साइट ईमेल इकट्ठा नहीं करती।',
} satisfies Readonly<Record<string, string>>
