const paths = {
  close: 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
  back: 'M15.4 5 8.4 12l7 7 1.4-1.4L11.2 12l5.6-5.6z',
  copy: 'M8 3h10a2 2 0 0 1 2 2v10h-2V5H8zM4 7h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2m0 2v10h10V9z',
  external: 'M14 3h7v7h-2V6.4l-8.3 8.3-1.4-1.4L17.6 5H14zM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2',
  chevron: 'M8.6 17.6 13.2 12 8.6 6.4 10 5l6 7-6 7z',
  warning: 'M12 2 1 21h22zm0 4.5L19.5 19h-15zM11 10v5h2v-5zm0 6v2h2v-2z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  wallet: 'M3 6a3 3 0 0 1 3-3h12v3h1a2 2 0 0 1 2 2v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm2 2v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-2h-4a3 3 0 0 1 0-6h4V8zm11 4a1 1 0 0 0 0 2h3v-2zM6 5a1 1 0 0 0 0 2h10V5z',
  search: 'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3m0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10',
  arrowUp: 'M11 20V7.8l-5.6 5.6L4 12l8-8 8 8-1.4 1.4L13 7.8V20z',
  arrowDown: 'M13 4v12.2l5.6-5.6L20 12l-8 8-8-8 1.4-1.4 5.6 5.6V4z',
  swap: 'M7 4 3 8l4 4V9h9V7H7zm10 8v3H8v2h9v3l4-4z',
  send: 'M3 20V4l19 8zm2-3 11.9-5L5 7v3.5l6 1.5-6 1.5z',
  disconnect: 'M11 2h2v10h-2zM6.3 5.3l1.4 1.4a7 7 0 1 0 8.6 0l1.4-1.4a9 9 0 1 1-11.4 0z',
  person: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9m0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5m0 8.5c4.4 0 8 2 8 5V21H4v-2.5c0-3 3.6-5 8-5m0 2c-3.3 0-5.8 1.3-6 3h12c-.2-1.7-2.7-3-6-3',
  mail: 'M3 5h18v14H3zm2 2v.4l7 4.4 7-4.4V7zm14 2.8-7 4.4-7-4.4V17h14z',
  grid: 'M4 4h7v7H4zm2 2v3h3V6zm7-2h7v7h-7zm2 2v3h3V6zM4 13h7v7H4zm2 2v3h3v-3zm7-2h7v7h-7zm2 2v3h3v-3z',
} as const

export type IconName = keyof typeof paths

/** Icons that point along the line of text: mirrored in right-to-left locales. */
const directional: ReadonlySet<IconName> = new Set(['back', 'chevron', 'send'])

/** Whether a name (e.g. a plugin's Account action icon) is one of the icons the UI draws. */
export function isIconName(name: string): name is IconName {
  return Object.hasOwn(paths, name)
}

/**
 * A decorative icon (hidden from assistive technology: the control around it carries the name).
 *
 * @example
 * <Icon name="close" />
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const classes = ['portico-icon', directional.has(name) ? 'portico-icon--directional' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <svg className={classes} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  )
}
