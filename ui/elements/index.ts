// `portico/elements`: Portico as custom elements for pages without React (plain HTML, Vue, Svelte).
// React and the components load from here, never from `portico/react`'s entry.
export { definePorticoElements } from './definePorticoElements.js'
export type { DefinePorticoElementsErrorType, DefinePorticoElementsParameters, DefinePorticoElementsReturnType } from './definePorticoElements.js'
export { ElementsAlreadyDefinedError, InvalidElementPrefixError } from './errors.js'
export type { ElementKind } from './elementKinds.js'
export type { PorticoElementEventMap, PorticoElementEventName } from './stateEvents.js'
