// "Erase this person" under a card's "More": every request with this phone number or e-mail
// address, and every other request of their customer (decision 052), deleted for good, after a confirmation (the privacy notice's promise; recorded in the
// server's log, since the timeline goes with the requests).
import { useRef, useState } from 'react'
import { UserX } from 'lucide-react'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { T } from './messages.ts'
import { V } from './messages-views.ts'
import { useErase } from './mutations.ts'
import type { Submission } from './types.ts'
import { button } from './ui.ts'

export function ErasePerson({ item }: { item: Submission }) {
  const [asking, setAsking] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const erase = useErase()
  return (
    <>
      <button ref={opener} type="button" className={button.danger} onClick={() => setAsking(true)}>
        <UserX className="size-5" aria-hidden="true" focusable="false" />
        {T.card.erase}
      </button>
      <ConfirmDialog
        open={asking}
        heading={V.erase.heading}
        text={V.erase.text(V.erase.who(item.phone, item.email), item.customer?.requests ?? 1)}
        confirm={V.erase.confirm}
        cancel={V.erase.cancel}
        onConfirm={() =>
          erase.mutateAsync(item).then(
            () => true,
            () => false,
          )
        }
        onClose={() => {
          setAsking(false)
          if (opener.current?.isConnected) opener.current.focus()
        }}
      />
    </>
  )
}
