// The visible trail Home › parent › this page (the same trail as the BreadcrumbList JSON-LD).
import type { Crumb } from '../seo/structured-data.ts'

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-slate-50">
      <ol className="container-page flex flex-wrap items-center gap-x-2 py-2 text-sm text-slate-600">
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {i > 0 && <span aria-hidden="true">›</span>}
              {last ? (
                <span aria-current="page" className="font-semibold text-brand-900">
                  {crumb.name}
                </span>
              ) : (
                <a href={crumb.path} className="text-brand-700 underline-offset-2 hover:underline">
                  {crumb.name}
                </a>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
