import { useData } from 'vike-react/useData'
import type { FixedPageData } from '../../src/catalogue/page-data.ts'
import { UnexpectedErrorScreen } from '../../src/templates/ErrorScreens.tsx'
import { ERROR_MESSAGE_MARKER } from '../../src/templates/markers.ts'

export default function UnexpectedErrorPage() {
  const { chrome } = useData<FixedPageData>()
  return <UnexpectedErrorScreen site={chrome.site} phone={chrome.business.phone} message={ERROR_MESSAGE_MARKER} />
}
