// The emergency call box: the business's emergency policy and a call button, said the same way
// on every page that shows it (from the business record).
import { Siren } from 'lucide-react'
import { CallButton, type PhoneNumber } from './actions.tsx'

export type Emergency = { label: string; text: string; callLabel: string }

export function EmergencyBox({
  emergency,
  phone,
  heading = 'h2',
}: {
  emergency: Emergency
  phone: PhoneNumber
  heading?: 'h2' | 'h3'
}) {
  const { label, text, callLabel } = emergency
  const Heading = heading
  return (
    <aside
      className="emergency-box rounded-xl border-2 border-accent-600 bg-white p-4 text-slate-800 shadow-lg sm:p-6"
      aria-label={label}
    >
      <Heading className="flex items-center gap-2 text-xl font-bold text-accent-800">
        <Siren className="size-6 shrink-0" aria-hidden="true" focusable="false" />
        {label}
      </Heading>
      <p className="mt-2 text-slate-700 sm:mt-3">{text}</p>
      <div className="mt-4 sm:mt-5">
        <CallButton phone={phone} label={callLabel} tone="primary" />
      </div>
    </aside>
  )
}
