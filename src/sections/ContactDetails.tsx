import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import type { Business, ContactDetails as ContactDetailsBlock } from '../catalogue/types.gen.ts'
import { hoursLines } from '../catalogue/format.ts'

export function ContactDetails({ details, business }: { details: ContactDetailsBlock; business: Business }) {
  return (
    <section aria-labelledby="contact-details" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="contact-details" className="text-2xl font-bold text-brand-900">
        {details.heading}
      </h2>
      <dl className="mt-6 space-y-6">
        <div className="flex gap-4">
          <Phone className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" focusable="false" />
          <div>
            <dt className="font-semibold text-brand-900">{details.phoneLabel}</dt>
            <dd>
              <a href={`tel:${business.phone.e164}`} className="text-lg font-bold text-brand-700 hover:underline">
                {business.phone.display}
              </a>
            </dd>
          </div>
        </div>
        <div className="flex gap-4">
          <MapPin className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" focusable="false" />
          <div>
            <dt className="font-semibold text-brand-900">{details.areaLabel}</dt>
            <dd className="text-slate-700">{details.areaText}</dd>
          </div>
        </div>
        <div className="flex gap-4">
          <Clock className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" focusable="false" />
          <div>
            <dt className="font-semibold text-brand-900">{details.hoursLabel}</dt>
            <dd>
              <ul className="text-slate-700">
                {hoursLines(business.hours).map((line) => (
                  <li key={line.days}>
                    <span className="font-medium">{line.days}:</span> {line.hours}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </div>
        <div className="flex gap-4">
          <Mail className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" focusable="false" />
          <div>
            <dt className="font-semibold text-brand-900">{details.emailLabel}</dt>
            <dd>
              <a href={`mailto:${business.email}`} className="text-brand-700 hover:underline">
                {business.email}
              </a>
            </dd>
          </div>
        </div>
      </dl>
    </section>
  )
}
