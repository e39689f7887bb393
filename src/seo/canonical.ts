// One rule for page URLs: the origin, then the path with no trailing slash (the home page is "/").
export function normalizeOrigin(origin: string): string {
  const url = new URL(origin)
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`An origin has no path, query or fragment: ${origin}`)
  return url.origin
}

export function canonicalUrl(origin: string, path: string): string {
  const clean = path === '/' ? '/' : path.replace(/\/+$/, '')
  return normalizeOrigin(origin) + clean
}
