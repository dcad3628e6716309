// Attributes → props for the custom elements: good values pass, bad ones are dropped (the React
// component's default applies) with a warning that names the default and links the docs.
import { describe, expect, it } from 'vitest'
import { readElementProps } from '../../../ui/elements/readElementProps.js'
import type { ElementKind } from '../../../ui/elements/elementKinds.js'

function read(kind: ElementKind, attributes: Record<string, string>) {
  const warnings: string[] = []
  const props = readElementProps({
    kind,
    tag: `portico-${kind}`,
    getAttribute: (name) => attributes[name] ?? null,
    namespaces: ['eip155', 'solana'],
    warn: (message) => warnings.push(message),
  })
  return { props, warnings }
}

describe('readElementProps', () => {
  it('maps a connect button\'s label, loading-label and namespace to its props', () => {
    expect(read('connect-button', { label: 'Sign in with a wallet', 'loading-label': 'One moment…', namespace: 'solana' })).toEqual({
      props: { label: 'Sign in with a wallet', loadingLabel: 'One moment…', namespace: 'solana' },
      warnings: [],
    })
    expect(read('connect-button', {})).toEqual({ props: {}, warnings: [] })
  })

  it('ignores attributes the element does not have', () => {
    expect(read('network-button', { label: 'x', namespace: 'eip155' })).toEqual({ props: {}, warnings: [] })
    expect(read('account-button', { label: 'x', namespace: 'eip155' })).toEqual({ props: { namespace: 'eip155' }, warnings: [] })
  })

  it('drops a namespace the instance is not configured with, and says so with the default and the docs', () => {
    const { props, warnings } = read('account-button', { namespace: 'cosmos' })
    expect(props).toEqual({})
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('<portico-account-button namespace="cosmos">')
    expect(warnings[0]).toContain('(eip155, solana)')
    expect(warnings[0]).toContain('using the active namespace')
    expect(warnings[0]).toContain('docs/guides/web-components.md#attributes')
  })

  it('drops an empty or blank label (a button without a name) with a warning', () => {
    const { props, warnings } = read('connect-button', { label: '  ', 'loading-label': '' })
    expect(props).toEqual({})
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain('using the default label')
  })

  it('takes a BCP 47 locale on <portico-modal> and drops a malformed one', () => {
    expect(read('modal', { locale: 'pt-BR' })).toEqual({ props: { locale: 'pt-BR' }, warnings: [] })
    const { props, warnings } = read('modal', { locale: 'not a locale!' })
    expect(props).toEqual({})
    expect(warnings[0]).toContain('not a BCP 47 language tag; using English')
  })

  it('warns on the console by default and never throws', () => {
    const original = console.warn
    const seen: unknown[] = []
    console.warn = (message: unknown) => void seen.push(message)
    try {
      expect(readElementProps({ kind: 'modal', tag: 'portico-modal', getAttribute: () => '', namespaces: [] })).toEqual({})
    } finally {
      console.warn = original
    }
    expect(seen).toHaveLength(1)
  })
})
