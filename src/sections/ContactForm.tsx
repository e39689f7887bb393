// The contact form section on /contact (issue 4 builds the form itself: fields from the contact
// schema, server validation, no-JS post, and the enhancement in src/client/contact-form.ts).
import type { ContactFormBlock } from '../catalogue/types.gen.ts'

export function ContactForm({ form }: { form: ContactFormBlock }) {
  return (
    <section aria-labelledby="contact-form" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-contact-form-slot="">
      <h2 id="contact-form" className="text-2xl font-bold text-brand-900">
        {form.heading}
      </h2>
      {form.intro && <p className="mt-2 text-slate-600">{form.intro}</p>}
    </section>
  )
}
