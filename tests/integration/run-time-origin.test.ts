// One build serves any origin (docs/decisions/041-run-time-origin.md): the server started with
// another PUBLIC_ORIGIN than the build's answers every page, its compressed variants, the
// sitemap, robots.txt and the contact page it renders at run time with that origin, and never
// with the build's.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot, startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { sendFormWithProblems } from '../helpers/http.ts'

const BUILT = (
  JSON.parse(readFileSync(path.join(projectRoot, 'dist/build-info.json'), 'utf8')) as { publicOrigin: string }
).publicOrigin
const SERVED = 'https://www.second-contractor.example'

describe('a build served at another origin', () => {
  let server: RunningServer
  beforeAll(async () => {
    expect(BUILT).not.toBe(SERVED)
    server = await startServer({ PUBLIC_ORIGIN: SERVED })
  })
  afterAll(async () => server?.stop())

  const get = async (urlPath: string, encoding: 'br' | 'gzip' | 'identity') => {
    const res = await fetch(`${server.url}${urlPath}`, { headers: { 'accept-encoding': encoding } })
    expect(res.status, urlPath).toBe(200)
    // The variant asked for (fetch decodes br and gzip itself, so its text is read either way).
    expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding)
    return res.text()
  }

  it('stamps every page, in every encoding, and the sitemap and robots.txt with PUBLIC_ORIGIN', async () => {
    for (const encoding of ['identity', 'br', 'gzip'] as const) {
      const home = await get('/', encoding)
      expect(home).toContain(`<link rel="canonical" href="${SERVED}/"`)
      expect(home).not.toContain(BUILT)
      const sitemap = await get('/sitemap.xml', encoding)
      expect(sitemap).toContain(`<loc>${SERVED}/contact</loc>`)
      expect(sitemap).not.toContain(BUILT)
    }
    expect(await get('/robots.txt', 'identity')).toContain(`Sitemap: ${SERVED}/sitemap.xml`)
  })

  it('renders the contact page at run time with PUBLIC_ORIGIN', async () => {
    const res = await sendFormWithProblems(server.url)
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain(`<link rel="canonical" href="${SERVED}/contact"`)
    expect(html).not.toContain(BUILT)
  })
})
