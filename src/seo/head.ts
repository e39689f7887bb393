// The head tags of a page as plain data; renderer/+Head.tsx writes them. Pure and browser-safe.
import { canonicalUrl } from './canonical.ts'
import { buildJsonLd, type Crumb, type JsonLdContext, type PageStructuredData } from './structured-data.ts'

export type HeadData = {
  title: string
  description: string
  /** Absent on pages search engines should not index. */
  canonical?: string
  robots?: string
  jsonLd: Record<string, unknown>[]
}

export type SeoPage = {
  path: string
  seo: { title: string; description: string }
  trail: Crumb[]
  structuredData?: PageStructuredData
}

export function buildHead(ctx: JsonLdContext, page: SeoPage): HeadData {
  return {
    title: page.seo.title,
    description: page.seo.description,
    canonical: canonicalUrl(ctx.origin, page.path),
    jsonLd: buildJsonLd(ctx, page),
  }
}

/** Head of a page that must stay out of search results (errors, admin, confirmations). */
export function noIndexHead(title: string, description = ''): HeadData {
  return { title, description, robots: 'noindex, nofollow', jsonLd: [] }
}
