// https://vike.dev/Layout — the shared header and footer around every page.
import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import type { PageData } from '../src/catalogue/page-data.ts'
import { SiteLayout } from '../src/layout/SiteLayout.tsx'
import '../src/layout/global.css'

export default function Layout({ children }: { children: ReactNode }) {
  const { chrome } = useData<PageData>()
  const { urlPathname } = usePageContext()
  return (
    <SiteLayout chrome={chrome} currentPath={urlPathname}>
      {children}
    </SiteLayout>
  )
}
