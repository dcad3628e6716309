/** The siwx plugin's strings in Hindi (`hi`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'साइन इन',
  'siwx.heading': 'अपने वॉलेट से साइन इन करें',
  'siwx.body': 'यह साबित करने के लिए कि यह खाता आपका है, अपने वॉलेट में इस संदेश पर हस्ताक्षर करें। हस्ताक्षर मुफ़्त है और इससे कोई लेन-देन नहीं भेजा जाता।',
  'siwx.bodyRequired': 'यह साबित करने के लिए कि यह खाता आपका है, अपने वॉलेट में इस संदेश पर हस्ताक्षर करें। हस्ताक्षर मुफ़्त है और इससे कोई लेन-देन नहीं भेजा जाता। रद्द करने पर आप डिस्कनेक्ट हो जाएँगे।',
  'siwx.messageLabel': 'हस्ताक्षर के लिए संदेश',
  'siwx.preparing': 'संदेश तैयार हो रहा है…',
  'siwx.authenticating': 'प्रमाणित किया जा रहा है…',
  'siwx.error': 'संदेश पर हस्ताक्षर करने में त्रुटि',
  'siwx.signedIn': 'साइन इन हो गया',
  'siwx.closeRefused': 'इस साइट पर साइन इन करना ज़रूरी है: संदेश पर हस्ताक्षर करें, या डिस्कनेक्ट होने के लिए “रद्द करें” चुनें।',
  'siwx.errorInitializing': 'प्रमाणीकरण शुरू करते समय कोई समस्या आई',
  'siwx.sign': 'हस्ताक्षर करें',
  'siwx.cancel': 'रद्द करें',
} satisfies Readonly<Record<string, string>>
