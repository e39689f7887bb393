import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import type { Business, Link, Site } from '../catalogue/types.gen.ts'
import { hoursLines, streetAddress } from '../catalogue/format.ts'
import { Logo } from './Logo.tsx'

function LinkList({ id, heading, links }: { id: string; heading: string; links: Link[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="footer-link">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Footer({ site, business, areaLinks }: { site: Site; business: Business; areaLinks: Link[] }) {
  const { footer } = site
  return (
    <footer className="bg-brand-950 text-brand-100">
      {/* On a phone the two lists of links sit side by side: half the scrolling to reach the end. */}
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-8 py-10 sm:gap-10 sm:py-14 lg:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <div className="inline-block rounded-lg bg-white px-3 py-2">
            <Logo name={business.name} shortName={business.shortName} />
          </div>
          {business.tagline && <p className="mt-4 text-sm">{business.tagline}</p>}
          <p className="mt-4 text-sm" data-license>
            {business.license.label} <span className="whitespace-nowrap">#{business.license.number}</span>
          </p>
          {business.credentials && (
            <ul className="mt-4 space-y-1 text-sm">
              {business.credentials.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          )}
          {footer.socialLabel && (
            <p className="mt-4 text-sm">
              {footer.socialLabel}:{' '}
              {business.social.map((s, i) => (
                <span key={s.url}>
                  {i > 0 && ', '}
                  <a href={s.url} className="footer-link underline" rel="noopener noreferrer" target="_blank">
                    {s.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </span>
              ))}
            </p>
          )}
        </div>
        <div className="col-span-2 sm:col-span-1">
          <h2 className="footer-heading">{footer.contactHeading}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <a
              href={`tel:${business.phone.e164}`}
              className="footer-link flex items-center gap-2 text-base font-semibold text-white"
            >
              <Phone className="size-4 shrink-0" aria-hidden="true" focusable="false" />
              {business.phone.display}
            </a>
            <a href={`mailto:${business.email}`} className="footer-link flex items-center gap-2">
              <Mail className="size-4 shrink-0" aria-hidden="true" focusable="false" />
              {business.email}
            </a>
            <span className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" focusable="false" />
              {streetAddress(business)}
            </span>
          </address>
          {footer.hoursHeading && (
            <>
              <h2 className="footer-heading mt-6 flex items-center gap-2">
                <Clock className="size-4" aria-hidden="true" focusable="false" />
                {footer.hoursHeading}
              </h2>
              <dl className="mt-3 space-y-1 text-sm">
                {hoursLines(business.hours).map((line) => (
                  <div key={line.days}>
                    <dt className="inline font-medium text-white">{line.days}: </dt>
                    <dd className="inline">{line.hours}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-sm font-semibold text-accent-200">{business.emergency.label}</p>
            </>
          )}
        </div>
        <LinkList id="footer-services" heading={footer.servicesHeading} links={footer.serviceLinks} />
        <LinkList id="footer-areas" heading={footer.areasHeading} links={areaLinks} />
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-6 text-sm text-brand-200">
          <p>{footer.copyright}</p>
          {footer.legalLinks && footer.legalLinks.length > 0 && (
            <ul className="flex gap-4">
              {footer.legalLinks.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="footer-link underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  )
}
