// definePorticoElements in Node: a stand-in CustomElementRegistry and HTMLElement (a fake is fine
// inside the unit test of one unit) show what it defines, that a second call with the same
// instance is a no-op, that another instance gets a typed error unless it takes its own prefix,
// and that attributes are properties. Rendering, events and unmounting run in real Chromium
// (tests/e2e/elements/plainHtml.test.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BaseError, type Portico } from '../../../kernel/kernel.js'
import { definePorticoElements, ElementsAlreadyDefinedError, InvalidElementPrefixError } from '../../../ui/elements/index.js'
import { fakeWallet, setupPortico } from '../../plugins/calls/helpers.js'

class FakeElement {
  #attributes = new Map<string, string>()
  getAttribute(name: string) {
    return this.#attributes.get(name) ?? null
  }
  setAttribute(name: string, value: string) {
    this.#attributes.set(name, value)
  }
  removeAttribute(name: string) {
    this.#attributes.delete(name)
  }
}
const registry = new Map<string, CustomElementConstructor>()
const globals = globalThis as unknown as { HTMLElement?: unknown; customElements?: unknown }
const saved = { HTMLElement: globals.HTMLElement, customElements: globals.customElements }

beforeAll(() => {
  globals.HTMLElement = FakeElement
  globals.customElements = {
    get: (name: string) => registry.get(name),
    define(name: string, constructor: CustomElementConstructor) {
      if (registry.has(name)) throw new Error(`"${name}" has already been used with this registry`)
      registry.set(name, constructor)
    },
  }
})
afterAll(() => {
  globals.HTMLElement = saved.HTMLElement
  globals.customElements = saved.customElements
})

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})
function portico() {
  const instance = setupPortico(fakeWallet([]))
  instances.push(instance)
  return instance
}

describe('definePorticoElements', () => {
  it('defines the four elements once per instance; another instance needs its own prefix', () => {
    const first = portico()
    const tags = definePorticoElements(first)
    expect(tags).toEqual({ 'connect-button': 'portico-connect-button', 'account-button': 'portico-account-button', 'network-button': 'portico-network-button', modal: 'portico-modal' })
    expect([...registry.keys()]).toEqual(Object.values(tags))
    // Idempotent: the same instance again defines nothing new and does not throw.
    expect(definePorticoElements(first)).toEqual(tags)
    expect(registry.size).toBe(4)

    const second = portico()
    let error: unknown
    try {
      definePorticoElements(second)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ElementsAlreadyDefinedError)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as ElementsAlreadyDefinedError).code).toBe('ELEMENTS_ALREADY_DEFINED')
    expect((error as ElementsAlreadyDefinedError).docsPath).toBe('/guides/web-components.md#one-instance-per-prefix')
    expect(definePorticoElements(second, { prefix: 'shop-wallet' })['connect-button']).toBe('shop-wallet-connect-button')
    expect(registry.size).toBe(8)
  })

  it('refuses a tag another script already defined', () => {
    registry.set('taken-modal', class {} as unknown as CustomElementConstructor)
    expect(() => definePorticoElements(portico(), { prefix: 'taken' })).toThrow(ElementsAlreadyDefinedError)
    expect(registry.has('taken-connect-button')).toBe(false)
  })

  it('rejects a prefix that cannot start a custom element name', () => {
    for (const prefix of ['', 'Portico', '1portico', 'portico-', 'por tico', 7 as unknown as string]) {
      expect(() => definePorticoElements(portico(), { prefix })).toThrow(InvalidElementPrefixError)
    }
  })

  it('makes every attribute a property, and observes exactly those attributes', () => {
    const Connect = registry.get('portico-connect-button') as unknown as { observedAttributes: string[]; new (): FakeElement & Record<string, unknown> }
    expect(Connect.observedAttributes).toEqual(['label', 'loading-label', 'namespace'])
    expect((registry.get('portico-network-button') as unknown as { observedAttributes: string[] }).observedAttributes).toEqual([])
    expect((registry.get('portico-modal') as unknown as { observedAttributes: string[] }).observedAttributes).toEqual(['locale'])
    const element = new Connect()
    element.loadingLabel = 'One moment…'
    expect(element.getAttribute('loading-label')).toBe('One moment…')
    element.setAttribute('label', 'Sign in')
    expect(element.label).toBe('Sign in')
    element.label = null
    expect(element.getAttribute('label')).toBeNull()
    expect(element.label).toBeUndefined()
  })
})
