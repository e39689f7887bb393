import type { CallToAction as CallToActionBlock } from '../catalogue/types.gen.ts'
import { ActionLink, CallButton, type PhoneNumber } from './actions.tsx'

export function CallToAction({ id, cta, phone }: { id: string; cta: CallToActionBlock; phone: PhoneNumber }) {
  return (
    <section className="bg-brand-800 text-white" aria-labelledby={id}>
      <div className="container-page py-section text-center sm:py-section-lg">
        <h2 id={id} className="text-[1.75rem] leading-tight font-bold sm:text-4xl">
          {cta.title}
        </h2>
        {cta.text && <p className="mx-auto mt-3 max-w-2xl text-brand-100 sm:mt-4 sm:text-lg">{cta.text}</p>}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:mt-8 sm:flex-row">
          {cta.primaryAction && <ActionLink action={cta.primaryAction} />}
          {cta.callLabel && <CallButton phone={phone} label={cta.callLabel} />}
        </div>
      </div>
    </section>
  )
}
