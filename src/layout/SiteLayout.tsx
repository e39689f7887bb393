import type { ReactNode } from 'react'
import type { Chrome } from '../catalogue/page-data.ts'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'

export function SiteLayout({
  chrome,
  currentPath,
  children,
}: {
  chrome: Chrome
  currentPath: string
  children: ReactNode
}) {
  return (
    <>
      <a href="#main" className="skip-link">
        {chrome.site.header.skipLinkLabel}
      </a>
      <Header site={chrome.site} business={chrome.business} activeNav={chrome.activeNav} currentPath={currentPath} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={chrome.site} business={chrome.business} areaLinks={chrome.areaLinks} />
    </>
  )
}
