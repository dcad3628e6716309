import { expect } from 'vitest'

/** A message in the sandbox's mailbox (`/sandbox/mail.json`, newest first). */
export type SandboxMail = { id: number; to: string[]; subject: string; text: string }

/**
 * The newest code the sandbox's mailbox holds for `to` (after message `afterId`), waiting up to
 * 20 s for it: the six digits of a login (or, with `subject`, another) code email.
 *
 * @example
 * const { code } = await mailedCode(sandbox.url, 'visitor@example.com')
 */
export async function mailedCode(sandboxUrl: string, to: string, { afterId = 0, subject = /login code/i }: { afterId?: number; subject?: RegExp } = {}): Promise<{ code: string; id: number }> {
  let found: SandboxMail | undefined
  await expect
    .poll(async () => {
      found = (await mailbox(sandboxUrl)).find((m) => m.to.includes(to) && m.id > afterId && subject.test(m.subject))
      return found !== undefined
    }, { timeout: 20_000 })
    .toBe(true)
  const code = /\b(\d{6})\b/.exec(found!.text)?.[1]
  if (!code) throw new Error(`No code in "${found!.subject}"`)
  return { code, id: found!.id }
}

/**
 * Every message in the sandbox's mailbox, newest first.
 *
 * @example
 * const sent = (await mailbox(sandbox.url)).filter((m) => m.to.includes(email)).length
 */
export async function mailbox(sandboxUrl: string): Promise<SandboxMail[]> {
  return ((await (await fetch(`${sandboxUrl}/sandbox/mail.json`)).json()) as { messages: SandboxMail[] }).messages
}
