import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from '../../../server/utils/isOriginAllowed.js'

describe('isOriginAllowed', () => {
  it.each([
    ['https://shop.example.com', ['*'], true],
    ['https://a.shop.example.com', ['https://*.shop.example.com'], true],
    ['http://a.shop.example.com', ['https://*.shop.example.com'], false],
    ['https://shop.example.com.evil.net', ['https://*.shop.example.com'], false],
    ['https://shop.example.com', ['shop.example.com'], true],
    ['https://shopXexample.com', ['shop.example.com'], false],
    ['https://app.example.com:8443', ['*.example.com:8443'], true],
    ['http://localhost:5173', [], true],
    ['http://127.0.0.1:4700', ['https://only.example.com'], true],
    ['not a url', ['*.example.com'], false],
  ])('%s against %j → %s', (origin, patterns, expected) => {
    expect(isOriginAllowed(origin, patterns)).toBe(expected)
  })
})
