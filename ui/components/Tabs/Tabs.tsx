import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type TabItem = { id: string; label: string }

export type TabsProps = {
  /** The tab list's accessible name. */
  label: string
  tabs: readonly TabItem[]
  selected: string
  onSelect: (id: string) => void
  /** The selected tab's panel. */
  children: ReactNode
}

/**
 * WAI-ARIA tabs with automatic activation: a tablist whose tabs move with the arrow keys, Home
 * and End (roving tabindex), and one tabpanel labelled by the selected tab.
 *
 * @example
 * <Tabs label="Account details" tabs={[{ id: 'tokens', label: 'Tokens' }]} selected="tokens" onSelect={setTab}>…</Tabs>
 */
export function Tabs({ label, tabs, selected, onSelect, children }: TabsProps) {
  const base = useId()
  const refs = useRef(new Map<string, HTMLButtonElement>())
  const current = tabs.some((tab) => tab.id === selected) ? selected : tabs[0]?.id
  const tabId = (id: string) => `${base}-tab-${id}`
  const panelId = `${base}-panel`

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current)
    let next: number | undefined
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    if (next === undefined) return
    event.preventDefault()
    const tab = tabs[next]
    if (!tab) return
    onSelect(tab.id)
    refs.current.get(tab.id)?.focus()
  }

  return (
    <div className="portico-tabs">
      <div role="tablist" aria-label={label} className="portico-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === current
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element)
                else refs.current.delete(tab.id)
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              className="portico-tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {current ? (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(current)} tabIndex={0} className="portico-tabs__panel">
          {children}
        </div>
      ) : null}
    </div>
  )
}
