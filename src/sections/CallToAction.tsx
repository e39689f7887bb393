import type { CallToAction as CallToActionBlock } from '../catalogue/types.gen.ts'
import { ActionLink, CallButton, type PhoneNumber } from './actions.tsx'

export function CallToAction({ id, cta, phone }: { id: string; cta: CallToActionBlock; phone: PhoneNumber }) {
  return (
    <section className="bg-brand-800 text-white" aria-labelledby={id}>
      <div className="container-page py-14 text-center sm:py-16">
        <h2 id={id} className="text-2xl font-bold sm:text-3xl">
          {cta.title}
        </h2>
        {cta.text && <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{cta.text}</p>}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {cta.primaryAction && <ActionLink action={cta.primaryAction} />}
          {cta.callLabel && <CallButton phone={phone} label={cta.callLabel} />}
        </div>
      </div>
    </section>
  )
}
