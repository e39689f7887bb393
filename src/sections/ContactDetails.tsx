// The contact details beside the form on /contact: phone, service area, hours and e-mail, each
// a term of one description list (the icon sits in the term, so the list stays valid).
import type { ReactNode } from 'react'
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react'
import type { Business, ContactDetails as ContactDetailsBlock } from '../catalogue/types.gen.ts'
import { hoursLines } from '../catalogue/format.ts'

function Detail({ icon: IconSvg, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-4 font-semibold text-brand-900">
        <IconSvg className="size-6 shrink-0 text-brand-700" aria-hidden="true" focusable="false" />
        {label}
      </dt>
      <dd className="mt-1 pl-10">{children}</dd>
    </div>
  )
}

export function ContactDetails({ details, business }: { details: ContactDetailsBlock; business: Business }) {
  return (
    <section aria-labelledby="contact-details" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="contact-details" className="text-2xl font-bold text-brand-900">
        {details.heading}
      </h2>
      <dl className="mt-6 space-y-6">
        <Detail icon={Phone} label={details.phoneLabel}>
          <a href={`tel:${business.phone.e164}`} className="text-lg font-bold text-brand-700 hover:underline">
            {business.phone.display}
          </a>
        </Detail>
        <Detail icon={MapPin} label={details.areaLabel}>
          <span className="text-slate-700">{details.areaText}</span>
        </Detail>
        <Detail icon={Clock} label={details.hoursLabel}>
          <ul className="text-slate-700">
            {hoursLines(business.hours).map((line) => (
              <li key={line.days}>
                <span className="font-medium">{line.days}:</span> {line.hours}
              </li>
            ))}
          </ul>
        </Detail>
        <Detail icon={Mail} label={details.emailLabel}>
          <a href={`mailto:${business.email}`} className="text-brand-700 hover:underline">
            {business.email}
          </a>
        </Detail>
      </dl>
    </section>
  )
}
