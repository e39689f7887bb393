// https://vike.dev/description — from the page's head data (src/seo/head.ts).
import type { PageContext } from 'vike/types'
import type { PageData } from '../src/catalogue/page-data.ts'

export default function description(pageContext: PageContext) {
  return (pageContext.data as PageData | undefined)?.head.description || null
}
