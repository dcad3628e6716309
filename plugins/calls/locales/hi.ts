/** The calls plugin's strings in Hindi (`hi`), loaded only when a site asks for that locale. */
export default {
  'calls.smartAccount': 'स्मार्ट खाता',
  'calls.smartAccountDeployed': 'स्मार्ट खाता · डिप्लॉय किया गया',
  'calls.smartAccountNotDeployed': 'स्मार्ट खाता · अभी डिप्लॉय नहीं हुआ',
  'calls.switchToSmartAccount': 'स्मार्ट खाते पर स्विच करें',
  'calls.switchToEoa': 'EOA पर स्विच करें',
  'calls.switchFailed': 'खाते का प्रकार नहीं बदला जा सका',
} satisfies Readonly<Record<string, string>>
