import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { compareScreenshot } from './compareScreenshot.js'

/** A width×height PNG of one colour, with `changed` pixels (from the top-left) painted black. */
function png(width: number, height: number, changed = 0, options: { deflateLevel?: number } = {}): Buffer {
  const image = new PNG({ width, height })
  for (let i = 0; i < width * height; i++) {
    const black = i < changed
    image.data.set(black ? [0, 0, 0, 255] : [240, 240, 255, 255], i * 4)
  }
  return PNG.sync.write(image, options)
}

describe('compareScreenshot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-baseline-'))

  it('a missing baseline is a mismatch that names how to store it', () => {
    const result = compareScreenshot({ name: 'a/missing.png', actual: png(10, 10), dir, update: false })
    expect(result.status).toBe('mismatch')
    expect(result.status === 'mismatch' && result.message).toContain('UPDATE_SCREENSHOTS=1')
  })

  it('update writes the baseline byte for byte', () => {
    const actual = png(100, 100)
    const result = compareScreenshot({ name: 'a/view.png', actual, dir, update: true })
    expect(result).toEqual({ status: 'written', path: join(dir, 'a/view.png') })
    expect(readFileSync(join(dir, 'a/view.png')).equals(actual)).toBe(true)
  })

  it('the same image matches; a few changed pixels stay within the tolerance', () => {
    expect(compareScreenshot({ name: 'a/view.png', actual: png(100, 100), dir, update: false })).toEqual({ status: 'match', diffPixels: 0 })
    // The same pixels encoded otherwise (other bytes) are compared pixel by pixel, and match.
    const recoded = png(100, 100, 0, { deflateLevel: 0 })
    expect(recoded.equals(png(100, 100))).toBe(false)
    expect(compareScreenshot({ name: 'a/view.png', actual: recoded, dir, update: false })).toEqual({ status: 'match', diffPixels: 0 })
    expect(compareScreenshot({ name: 'a/view.png', actual: png(100, 100, 5, { deflateLevel: 0 }), dir, update: false })).toEqual({ status: 'match', diffPixels: 5 })
    // 0.05 % of 10 000 pixels is 5.
    expect(compareScreenshot({ name: 'a/view.png', actual: png(100, 100, 5), dir, update: false })).toEqual({ status: 'match', diffPixels: 5 })
  })

  it('more changed pixels than the tolerance fail, with a diff image written', () => {
    const result = compareScreenshot({ name: 'a/view.png', actual: png(100, 100, 6), dir, update: false })
    expect(result.status).toBe('mismatch')
    if (result.status !== 'mismatch') return
    expect(result.message).toContain('6 pixels differ (at most 5 may)')
    const diff = PNG.sync.read(readFileSync(result.diffPath as string))
    expect([diff.width, diff.height]).toEqual([100, 100])
    expect(readFileSync(result.actualPath).equals(png(100, 100, 6))).toBe(true)
  })

  it('another size fails, whatever the pixels', () => {
    const result = compareScreenshot({ name: 'a/view.png', actual: png(100, 101), dir, update: false })
    expect(result.status === 'mismatch' && result.message).toContain('100×101 instead of the baseline\'s 100×100')
  })
})
