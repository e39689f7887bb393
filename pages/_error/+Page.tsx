import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import type { FixedPageData } from '../../src/catalogue/page-data.ts'
import { NotFoundScreen, UnexpectedErrorScreen } from '../../src/templates/ErrorScreens.tsx'

export default function ErrorPage() {
  const { chrome } = useData<FixedPageData>()
  const pageContext = usePageContext()
  if (pageContext.is404 !== false) return <NotFoundScreen site={chrome.site} phone={chrome.business.phone} />
  const reason = pageContext.abortReason
  const message =
    typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'Something went wrong.'
  return <UnexpectedErrorScreen site={chrome.site} phone={chrome.business.phone} message={message} />
}
