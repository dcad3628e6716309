import type { Locator } from 'playwright-core'

type Probe = { visibility: string; frames: number; boxes: string[]; disabled: boolean; animations: string[] }

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
  // Inline callbacks only: a named function inside could carry a transformer's helper (esbuild's
  // `__name` under tsx) that the page does not have.
  const probe: Probe | string = await target
    .evaluate(
      async (element) => {
        const boxes: string[] = []
        let frames = 0
        const deadline = performance.now() + 1_000
        // Up to ten frames, or as many as the page paints in one second (a page that paints none still answers).
        while (frames < 10 && performance.now() < deadline) {
          const painted = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()))
            requestAnimationFrame(() => {
              clearTimeout(timer)
              resolve(true)
            })
          })
          if (!painted) break
          frames += 1
          const r = element.getBoundingClientRect()
          boxes.push(`${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`)
        }
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
  return `the click target: the page answered the probe (up to ten frames or one second) in ${answered} ms; ${probe.visibility}; ${probe.frames} animation frame(s) in 1 s; its box in them: ${probe.boxes.join(' | ') || '(no frame)'}; disabled=${probe.disabled}; animations: ${probe.animations.join(', ') || 'none'}`
}
