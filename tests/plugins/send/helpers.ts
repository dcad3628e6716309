import type { Portico } from '../../../kernel/kernel.js'
import type { SendPluginStore } from '../../../plugins/send/send.js'
import type { SendStore } from '../../../plugins/send/stores/SendStore.js'
import { sendFormOf } from '../../../plugins/send/views/sendFormOf.js'

/** The send form of an instance with the send plugin (made as the form's view makes it). */
export function sendForm(portico: Portico): SendStore {
  return sendFormOf(portico).form
}

/** The send plugin's context on an instance (what its views move and toast through). */
export function sendContext(portico: Portico): SendPluginStore['context'] {
  const store = portico.getStore<SendPluginStore>('send')
  if (!store) throw new Error('The send plugin is not installed')
  return store.context
}
