import type { Locator } from 'playwright-core'

/**
 * Why a click may not have run, for the message of one that timed out: Playwright clicks once the
 * element is visible, enabled and stable (the same box in two animation frames), so this says
 * how long the page took to answer at all (a main thread busy elsewhere), whether the page is
 * visible and how many animation frames it painted in one second (none: a page that does not paint,
 * where "stable" never comes), where the element was in each of those frames (a box that keeps
 * moving is never stable), whether it is disabled, and which animations run. Never waits more
 * than about three seconds in all.
 *
 * @param target - the element the click waited for
 * @returns one line
 * @example
 * await explainFailure(button.click(), () => describeClickTarget(button))
 */
export async function describeClickTarget(target: Locator): Promise<string> {
  const started = Date.now()
  const probe = await target
    .evaluate(
      async (element) => {
        const box = () => {
          const r = element.getBoundingClientRect()
          return `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`
        }
        // Frames painted in one second (the deadline is a timer: a page that paints none still answers).
        const boxes: string[] = []
        const frames = await new Promise<number>((resolve) => {
          let count = 0
          const deadline = setTimeout(() => resolve(count), 1_000)
          const frame = () => {
            count += 1
            boxes.push(box())
            if (count < 10) requestAnimationFrame(frame)
            else {
              clearTimeout(deadline)
              resolve(count)
            }
          }
          requestAnimationFrame(frame)
        })
        return {
          visibility: document.visibilityState,
          frames,
          boxes: [...new Set(boxes)],
          disabled: (element as HTMLButtonElement).disabled === true,
          animations: document.getAnimations().map((a) => (a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName ?? a.id),
        }
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch((error: unknown) => `(the page did not answer: ${String(error).split('\n')[0]})`)
  const answered = Date.now() - started
  if (typeof probe === 'string') return `the click target: ${probe} after ${answered} ms`
  return `the click target: the page answered in ${answered} ms; ${probe.visibility}; ${probe.frames} animation frame(s) in 1 s; its box in them: ${probe.boxes.join(' | ') || '(no frame)'}; disabled=${probe.disabled}; animations: ${probe.animations.join(', ') || 'none'}`
}
