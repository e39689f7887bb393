// Links that look like buttons. A call button is a tel: link; its number comes from the caller.
import { Phone } from 'lucide-react'
import type { Action } from '../catalogue/types.gen.ts'

export type PhoneNumber = { display: string; e164: string }

type Tone = 'primary' | 'light' | 'outline-light' | 'outline'

const TONES: Record<Tone, string> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800 shadow-sm',
  light: 'bg-white text-brand-900 hover:bg-brand-50 shadow-sm',
  'outline-light': 'border-2 border-white/80 text-white hover:bg-white/10',
  outline: 'border-2 border-brand-700 text-brand-800 hover:bg-brand-50',
}

export const buttonClass = (tone: Tone) =>
  `inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-semibold transition-colors ${TONES[tone]}`

export function ActionLink({ action, tone = 'primary' }: { action: Action; tone?: Tone }) {
  return (
    <a href={action.href} className={buttonClass(tone)}>
      {action.label}
    </a>
  )
}

export function CallButton({
  phone,
  label,
  tone = 'outline-light',
}: {
  phone: PhoneNumber
  label: string
  tone?: Tone
}) {
  return (
    <a href={`tel:${phone.e164}`} className={buttonClass(tone)}>
      <Phone className="size-5" aria-hidden="true" focusable="false" />
      {label}
    </a>
  )
}
