/** @type {import('next').NextConfig} */
const nextConfig = {
  // Nothing in this example is fetched at build time: no next/font/google, no remote images.
  images: { unoptimized: true },
  // Where the build's file watcher and module graph stop: PORTICO_NEXT_ROOT when the test builds
  // a copy whose node_modules link into the repository (tests/e2e/nextjs); else Next's default.
  ...(process.env.PORTICO_NEXT_ROOT ? { turbopack: { root: process.env.PORTICO_NEXT_ROOT } } : {}),
}

export default nextConfig
