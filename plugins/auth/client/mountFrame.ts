import { frameProtocolVersion, type FrameConnectMessage } from '../protocol.js'
import type { FramePort } from './FrameClient.js'

/** The DOM the frame is mounted in (the page's `document`; tests pass a small fake). */
export type FrameDocument = {
  createElement(tag: 'iframe'): FrameElement
  body: { appendChild(node: FrameElement): unknown } | null
  documentElement?: { appendChild(node: FrameElement): unknown }
}

/** The part of an `<iframe>` element used here. */
export type FrameElement = {
  src: string
  title: string
  style: Partial<Record<keyof CSSStyleDeclaration, unknown>> & Record<string, unknown>
  setAttribute(name: string, value: string): void
  addEventListener(type: 'load', listener: () => void, options?: { once?: boolean }): void
  remove(): void
  contentWindow: { postMessage(message: unknown, targetOrigin: string, transfer: unknown[]): void } | null
}

export type MountFrameParameters = {
  document: FrameDocument
  walletOrigin: string
  projectId?: string
  /** Plain messages sign without the frame's approval screen (`auth({ messageApproval: 'skip' })`). */
  skipMessageApproval?: boolean
  /** The modal's theme, so the frame's screens match it (`system`: the frame follows the visitor's scheme). */
  theme?: 'light' | 'dark' | 'system'
  /** Makes the port pair (the page's `MessageChannel`). */
  createChannel?: () => { port1: FramePort; port2: unknown }
}

export type MountFrameReturnType = {
  frame: FrameElement
  /** The page's end of the channel, once the frame loaded and received the other end. */
  port: Promise<FramePort>
  /** Shows the frame over `rect` (the export or approval screen), or hides it again with `undefined`. */
  place(rect: { top: number; left: number; width: number; height: number } | undefined): void
}

/** The frame's URL: `<walletOrigin>/auth/v1/frame?projectId=<id>` (with `&messageApproval=skip` when the site asked, and `&theme=light|dark`). */
export function frameUrl(walletOrigin: string, projectId: string | undefined, skipMessageApproval = false, theme: 'light' | 'dark' | 'system' = 'system'): string {
  const url = new URL('/auth/v1/frame', walletOrigin)
  url.searchParams.set('projectId', projectId ?? '')
  if (skipMessageApproval) url.searchParams.set('messageApproval', 'skip')
  if (theme !== 'system') url.searchParams.set('theme', theme)
  return url.href
}

const hidden: Record<string, string> = {
  position: 'fixed',
  top: '0',
  left: '0',
  width: '1px',
  height: '1px',
  opacity: '0',
  border: '0',
  pointerEvents: 'none',
  zIndex: '-1',
  clipPath: 'inset(50%)',
}

/**
 * Creates the wallet frame (docs/guides/embedded-wallet.md §3): a visually hidden (not
 * `display: none`) `<iframe title="Portico wallet">` on `<walletOrigin>/auth/v1/frame`; on its
 * first `load` it transfers one end of a `MessageChannel` with
 * `{ type: 'portico-auth:connect', version: 1 }`, targeted at the wallet origin only. Styles are
 * set through the CSSOM (strict-CSP safe, no style attribute in markup).
 *
 * @example
 * const { port } = mountFrame({ document, walletOrigin: 'https://wallet.example.com', projectId })
 */
export function mountFrame({ document, walletOrigin, projectId, skipMessageApproval, theme, createChannel }: MountFrameParameters): MountFrameReturnType {
  const origin = new URL(walletOrigin).origin
  const frame = document.createElement('iframe')
  frame.title = 'Portico wallet'
  frame.setAttribute('data-portico-auth-frame', '')
  // The recovery passkey is created and used inside the frame, on the wallet origin (its RP id).
  frame.setAttribute('allow', `publickey-credentials-create ${origin}; publickey-credentials-get ${origin}`)
  const applyStyles = (styles: Record<string, string>) => {
    for (const [key, value] of Object.entries(styles)) frame.style[key] = value
  }
  applyStyles(hidden)
  const port = new Promise<FramePort>((resolve, reject) => {
    frame.addEventListener(
      'load',
      () => {
        try {
          const channel = createChannel ? createChannel() : (new MessageChannel() as unknown as { port1: FramePort; port2: unknown })
          const message: FrameConnectMessage = { type: 'portico-auth:connect', version: frameProtocolVersion }
          if (!frame.contentWindow) throw new Error('The wallet frame has no window')
          frame.contentWindow.postMessage(message, origin, [channel.port2])
          resolve(channel.port1)
        } catch (error) {
          reject(error)
        }
      },
      { once: true },
    )
  })
  port.catch(() => undefined)
  frame.src = frameUrl(origin, projectId, skipMessageApproval, theme)
  // A page restoring a stored connection from a script in <head> may have no body yet.
  const parent = document.body ?? document.documentElement
  if (!parent) throw new Error('The page has no document to hold the wallet frame')
  parent.appendChild(frame)
  return {
    frame,
    port,
    place(rect) {
      if (!rect) return applyStyles(hidden)
      applyStyles({
        position: 'fixed',
        top: `${Math.round(rect.top)}px`,
        left: `${Math.round(rect.left)}px`,
        width: `${Math.max(1, Math.round(rect.width))}px`,
        height: `${Math.max(1, Math.round(rect.height))}px`,
        opacity: '1',
        border: '0',
        pointerEvents: 'auto',
        // Above the modal (its z-index is --portico-z-index, 999 by default).
        zIndex: '2147483000',
        clipPath: 'none',
      })
    },
  }
}
