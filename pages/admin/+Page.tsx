import { useData } from 'vike-react/useData'
import type { FixedPageData } from '../../src/catalogue/page-data.ts'
import { AdminApp } from '../../src/admin/AdminApp.tsx'

export default function AdminPage() {
  const { chrome, head } = useData<FixedPageData>()
  return <AdminApp site={chrome.site} phone={chrome.business.phone} title={head.title} />
}
