import { useData } from 'vike-react/useData'
import { AdminApp } from '../../src/admin/AdminApp.tsx'
import type { AdminPage } from './+data.ts'

export default function AdminPage() {
  const { chrome, head, timeZone, initial } = useData<AdminPage>()
  return (
    <AdminApp
      site={chrome.site}
      phone={chrome.business.phone}
      title={head.title}
      timeZone={timeZone}
      review={chrome.business.reviewUrl ? { url: chrome.business.reviewUrl, company: chrome.business.name } : undefined}
      initial={initial}
    />
  )
}
