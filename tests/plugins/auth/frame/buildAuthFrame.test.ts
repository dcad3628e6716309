import { describe, expect, it } from 'vitest'
import { buildAuthFrame } from '../../../../sandbox/build/buildAuthFrame.js'

describe('buildAuthFrame', () => {
  it('builds one minified ES module without eval, and the stylesheet with its dark scheme', async () => {
    const { script, style } = await buildAuthFrame()
    expect(script).toContain('portico-auth:connect')
    expect(script).toContain('portico-frame-config')
    expect(script).not.toMatch(/\beval\s*\(|new Function\s*\(/)
    expect(style).toContain('prefers-color-scheme:dark')
    expect(style).toContain('.portico-export')
  })
})
