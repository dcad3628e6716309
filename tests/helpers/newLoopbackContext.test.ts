// The guard every browser test runs in: a request or websocket to a host that is not loopback fails
// in Chromium itself (the context's proxy is a dead loopback port, so no name is even looked up)
// and is recorded; loopback works as usual; a request the page's CSP stopped is not recorded.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { launchChromium } from './chromium.js'
import { leavesLoopback, newLoopbackContext } from './newLoopbackContext.js'

let browser: Browser
let server: Server
let origin: string

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/csp') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'" })
      response.end('<!doctype html><title>csp</title>')
      return
    }
    response.writeHead(200, { 'content-type': request.url === '/ping' ? 'text/plain' : 'text/html' })
    response.end(request.url === '/ping' ? 'pong' : '<!doctype html><title>open</title>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

describe('newLoopbackContext', () => {
  it('fails and records requests, images and websockets to other hosts; loopback answers', async () => {
    const { context, blocked } = await newLoopbackContext(browser)
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('requestfailed', (request) => errors.push(request.failure()?.errorText ?? ''))
      await page.goto(`${origin}/`)
      const outcome = await page.evaluate(async () => {
        const fetched = await fetch('http://203.0.113.7/data').then(
          () => 'answered',
          (error: Error) => error.name,
        )
        const socket = await new Promise<string>((resolve) => {
          const ws = new WebSocket('ws://203.0.113.7:8080/relay')
          ws.onopen = () => resolve('open')
          ws.onerror = () => resolve('error')
        })
        const image = await new Promise<string>((resolve) => {
          const img = new Image()
          img.onload = () => resolve('loaded')
          img.onerror = () => resolve('error')
          img.src = 'https://example.com/logo.png'
        })
        const loopback = await (await fetch('/ping')).text()
        return { fetched, socket, image, loopback }
      })
      expect(outcome).toEqual({ fetched: 'TypeError', socket: 'error', image: 'error', loopback: 'pong' })
      await expect.poll(() => [...blocked].sort()).toEqual(['http://203.0.113.7/data', 'https://example.com/logo.png', 'ws://203.0.113.7:8080/relay'])
      // They failed at the dead proxy: Chromium never connected anywhere else.
      expect(errors.filter((e) => e !== 'net::ERR_PROXY_CONNECTION_FAILED')).toEqual([])
      expect(errors.length).toBeGreaterThanOrEqual(2)
    } finally {
      await context.close()
    }
  })

  it('does not record what the page\'s CSP stopped before the network', async () => {
    const { context, blocked } = await newLoopbackContext(browser)
    try {
      const page = await context.newPage()
      await page.goto(`${origin}/csp`)
      const outcome = await page.evaluate(() => fetch('https://example.com/x').then(() => 'answered', (error: Error) => error.name))
      expect(outcome).toBe('TypeError')
      // The browser reports requests in order: once a later one has finished, any event about the
      // stopped one has reached the guard.
      const later = context.waitForEvent('requestfinished', (request) => request.url().endsWith('/ping'))
      await page.evaluate(() => fetch('/ping').then((response) => response.text()))
      await later
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('tells loopback from the rest', () => {
    expect(leavesLoopback(new URL('http://127.0.0.1:4700/'))).toBe(false)
    expect(leavesLoopback(new URL('ws://localhost/relay'))).toBe(false)
    expect(leavesLoopback(new URL('http://[::1]:80/'))).toBe(false)
    expect(leavesLoopback(new URL('https://example.com/'))).toBe(true)
    expect(leavesLoopback(new URL('wss://relay.walletconnect.org/'))).toBe(true)
    expect(leavesLoopback(new URL('data:text/plain,hi'))).toBe(false)
  })
})
