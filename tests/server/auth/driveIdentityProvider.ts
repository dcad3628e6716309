/**
 * Walks a browser's way through the sandbox identity provider with fetch and a cookie jar: from
 * the server's `/social/:provider/start` redirect, through the login (and consent) forms, to the
 * server's callback URL, which it returns without loading.
 */
export async function driveIdentityProvider(startUrl: string, { login, callbackPrefix, abort = false }: { login: string; callbackPrefix: string; abort?: boolean }): Promise<string> {
  const jar = new Map<string, string>()
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  let url = startUrl
  let init: RequestInit = {}
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(callbackPrefix)) return url
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      jar.set(name!.trim(), value.join('='))
    }
    init = {}
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      continue
    }
    const html = await response.text()
    if (response.status !== 200) throw new Error(`HTTP ${response.status} at ${url}: ${html.slice(0, 300)}`)
    if (abort) {
      const href = /href="([^"]*abort[^"]*)"/.exec(html)?.[1] ?? /<a[^>]+href="([^"]+)"[^>]*>\s*\[\s*Cancel|abort/i.exec(html)?.[1]
      if (href) {
        url = new URL(href.replace(/&amp;/g, '&'), url).href
        continue
      }
      if (html.includes('name="action" value="cancel"')) {
        const form = new URLSearchParams(collectHidden(html))
        form.set('action', 'cancel')
        init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }
        continue
      }
      throw new Error(`No abort link at ${url}`)
    }
    const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1]
    const form = new URLSearchParams(collectHidden(html))
    if (/name="login"/.test(html)) {
      form.set('login', login)
      form.set('password', 'any password')
      if (html.includes('name="action"')) form.set('action', 'login')
    }
    url = action ? new URL(action.replace(/&amp;/g, '&'), url).href : url
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }
  }
  throw new Error('The identity provider did not send the browser back')
}

function collectHidden(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)].map((m) => [m[1]!, m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&')])
}
