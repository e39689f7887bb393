import type { ReactNode } from 'react'
import type { Chrome } from '../catalogue/page-data.ts'
import { CallBar } from './CallBar.tsx'
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
      {/* Not in the inbox: it is the office's app, not a page for customers. */}
      {chrome.site.callBar && !currentPath.startsWith('/admin') && (
        <CallBar callBar={chrome.site.callBar} phone={chrome.business.phone} />
      )}
    </>
  )
}
