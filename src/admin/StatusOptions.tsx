// The five statuses as <option>s (SPEC §3), for a card's status control and the status filter.
import { STATUS_LABELS } from './messages.ts'
import { STATUSES } from './types.ts'

export function StatusOptions() {
  return STATUSES.map((s) => (
    <option key={s} value={s}>
      {STATUS_LABELS[s]}
    </option>
  ))
}
