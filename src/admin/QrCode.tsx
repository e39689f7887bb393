// The otpauth:// URI as a QR code for an authenticator app to scan (decision 063): drawn here as an
// SVG path from uqr's module grid (unjs/uqr: no dependencies, no install script), loaded only when
// the set-up of the app's code is on screen. The same URI is shown as text beside it.
import { encode } from 'uqr'

export default function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('')
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className="mt-2 size-52 bg-white"
      shapeRendering="crispEdges"
      data-qr=""
    >
      <path d={path} fill="#000" />
    </svg>
  )
}
