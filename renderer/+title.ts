// https://vike.dev/title — from the page's head data (src/seo/head.ts).
import type { PageContext } from 'vike/types'
import type { PageData } from '../src/catalogue/page-data.ts'

export default function title(pageContext: PageContext) {
  return (pageContext.data as PageData | undefined)?.head.title ?? null
}
