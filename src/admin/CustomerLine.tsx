// A card's customer line (decision 052): "Returning · 3rd request · client since 2024" (or "First
// of 3 requests") opens the customer's view; a request sent again within the hour says so and opens
// the request it was sent again into. Nothing for a customer's only request.
import { T } from './messages.ts'
import { openCustomer, openRequest } from './opened-request.ts'
import type { Submission } from './types.ts'

const line =
  'inline-flex min-h-6 items-center rounded text-left text-sm font-semibold text-accent-800 underline decoration-accent-700/40 underline-offset-2 hover:decoration-accent-800'

export function CustomerLine({ item }: { item: Submission }) {
  const first = item.folded_into
  const customer = item.customer
  let text: string
  let open: () => void
  if (first) {
    text = T.customer.sentAgain
    open = () => openRequest(first, 'inbox')
  } else if (customer && customer.ordinal !== null && customer.requests > 1) {
    text =
      (customer.ordinal > 1 ? T.customer.returning(customer.ordinal) : T.customer.first(customer.requests)) +
      (customer.clientSince ? T.customer.since(customer.clientSince) : '')
    open = () => openCustomer(customer.id)
  } else return null
  return (
    <p className="mt-1">
      <button type="button" className={line} onClick={open} data-customer-line="">
        {text}
      </button>
    </p>
  )
}
