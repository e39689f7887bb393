// The logo: a flame-and-snowflake mark with the company's short name. Inline SVG, no request.
function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#0c3b6e" />
      <path
        d="M20 7c1.5 4.2 6.5 7.3 6.5 13.2A6.5 6.5 0 0 1 20 26.7a6.5 6.5 0 0 1-6.5-6.5c0-2.6 1.3-4.4 2.6-5.9.3 2 1.4 3.2 2.7 3.5-.6-3.9.3-7.6 1.2-10.8Z"
        fill="#f97316"
      />
      <path d="M20 29.5v5M17.6 31l4.8 2M22.4 31l-4.8 2" stroke="#bfdbfe" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  )
}

export function Logo({ name, shortName }: { name: string; shortName: string }) {
  const rest = name.startsWith(shortName) ? name.slice(shortName.length).trim() : ''
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className="text-xl font-extrabold tracking-tight text-brand-900">{shortName}</span>
        {/* A space, so the name reads "Longbar Heating & Cooling" and matches the link's label. */}
        {rest && ' '}
        {rest && <span className="mt-0.5 text-xs font-semibold tracking-wide text-slate-600">{rest}</span>}
      </span>
    </span>
  )
}
