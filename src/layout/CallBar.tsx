// The bar fixed to the bottom of a phone's screen (global.css `.call-bar`): a filled call button
// and the way to the form, within a thumb's reach on every public page. Wider screens have both
// in the header. The page keeps room for it at its end, so it covers no content; it steps aside
// while a form field has the focus (the keyboard is up, the visitor is typing).
import { Phone } from 'lucide-react'
import type { Business, Site } from '../catalogue/types.gen.ts'

export function CallBar({ callBar, phone }: { callBar: NonNullable<Site['callBar']>; phone: Business['phone'] }) {
  return (
    <nav className="call-bar" aria-label={callBar.label}>
      <a href={`tel:${phone.e164}`} className="call-bar-call">
        <Phone className="size-5" aria-hidden="true" focusable="false" />
        {callBar.callLabel}
      </a>
      <a href={callBar.requestAction.href} className="call-bar-request">
        {callBar.requestAction.label}
      </a>
    </nav>
  )
}
