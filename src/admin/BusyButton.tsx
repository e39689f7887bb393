// A button whose action takes a while (logging out, deleting): disabled until it is done, so a
// second tap does not send it twice.
import { useState, type ReactNode } from 'react'

export function BusyButton({
  className,
  onClick,
  children,
}: {
  className: string
  onClick: () => Promise<unknown>
  children: ReactNode
}) {
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await onClick()
        } finally {
          setBusy(false)
        }
      }}
    >
      {children}
    </button>
  )
}
