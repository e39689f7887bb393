import type { ContactPage } from '../catalogue/types.gen.ts'
import type { ContactFormState } from '../lead/form-state.ts'
import type { BookingCopy } from '../catalogue/page-data.ts'
import type { TemplateProps } from './types.ts'
import { ContactDetails } from '../sections/ContactDetails.tsx'
import { ContactForm } from '../sections/ContactForm.tsx'
import { EmergencyBox } from '../sections/EmergencyBox.tsx'
import { Hero } from '../sections/Hero.tsx'

/** `formState`: given when the server renders the page for a form sent without JavaScript that has problems. */
export function ContactTemplate({
  page,
  business,
  formState,
  zips,
  booking,
}: TemplateProps<ContactPage> & {
  formState?: ContactFormState | undefined
  zips?: readonly string[] | undefined
  booking?: BookingCopy | undefined
}) {
  return (
    <>
      <Hero hero={page.hero} phone={business.phone} />
      <div className="bg-slate-50">
        <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ContactForm
            form={page.form}
            path={page.path}
            zips={zips}
            booking={booking}
            businessPhone={business.phone}
            {...(formState ? { state: formState } : {})}
          />
          <div className="space-y-8">
            <ContactDetails details={page.details} business={business} />
            <EmergencyBox
              emergency={{ ...business.emergency, label: page.emergencyLabel ?? business.emergency.label }}
              phone={business.phone}
            />
          </div>
        </div>
      </div>
    </>
  )
}
