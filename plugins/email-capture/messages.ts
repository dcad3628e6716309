/** The email-capture plugin's English strings, by locale key. */
export const messages: Record<string, string> = {
  'email-capture.title': 'Stay in the loop',
  'email-capture.intro': '{site} would like to send you updates by email.',
  'email-capture.label': 'Email address',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': 'By subscribing you agree to receive emails from {site}. We send a confirmation first, and every email has an unsubscribe link.',
  'email-capture.privacy': 'Privacy policy',
  'email-capture.submit': 'Subscribe',
  'email-capture.sending': 'Sending…',
  'email-capture.invalid': 'Enter a valid email address',
  'email-capture.sent': 'Check your inbox: we sent a confirmation link to {email}.',
  'email-capture.confirmed': '{email} is already confirmed. Thank you!',
  'email-capture.skip': 'Not now',
  'email-capture.done': 'Done',
  'email-capture.off': 'This site does not collect emails.',
}
