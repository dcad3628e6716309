/** The frame's entry and stylesheet, relative to the repository root. */
export const authFrameEntry: string
export const authFrameStylesheet: string
/** Builds the wallet frame: one minified ES module and its minified stylesheet. */
export function buildAuthFrameFiles(): Promise<{ script: string; style: string }>
