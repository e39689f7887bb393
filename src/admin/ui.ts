// Class names the inbox's controls share: the public site's look (src/sections/actions.tsx,
// the contact form's fields) at the size of an app's controls. A button is a tone and a size; the
// size alone sets its height, padding and gap, so no two classes fight over them.

const BASE =
  'inline-flex items-center justify-center rounded-lg font-semibold transition-colors disabled:cursor-wait disabled:opacity-60'

const TONES = {
  primary: 'bg-accent-700 text-white shadow-sm hover:bg-accent-800',
  secondary: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  quiet: 'text-brand-800 hover:bg-brand-50',
  /** A plain control among others. */
  outline: 'border border-slate-400 bg-white text-slate-800 hover:bg-slate-50',
  /** One that matters on this card without being its first action (Mark as Read when unread). */
  accentOutline: 'border-2 border-accent-700 bg-white text-accent-800 hover:bg-accent-50',
  danger: 'border-2 border-red-700 bg-white text-red-800 hover:bg-red-50',
  dangerSolid: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  onDark: 'border-2 border-white/80 text-white hover:bg-white/10 focus-visible:outline-white',
}

const SIZES = {
  /** 44 px high: for fingers, and every first action. */
  md: 'min-h-11 gap-2 px-4',
  /** 44 px high, narrow: several in a row on a phone. */
  narrow: 'min-h-11 gap-2 px-2.5',
  /** 36 px high: a card's secondary controls (WCAG asks 24 px at least). */
  sm: 'min-h-9 gap-2 px-2.5 text-sm',
  /** 44 × 44 px, an icon alone (− and +): its name is its aria-label. */
  square: 'size-11 shrink-0',
  /** The inbox header's: 44 px high, the icon over a small label on a phone (three fit beside the heading), in a row from 640 px. */
  bar: 'min-h-11 flex-col gap-0.5 px-2 text-xs leading-4 whitespace-nowrap sm:flex-row sm:gap-2 sm:px-2.5 sm:text-base sm:leading-6',
}

export const btn = (tone: keyof typeof TONES, size: keyof typeof SIZES = 'md') =>
  `${BASE} ${TONES[tone]} ${SIZES[size]}`

export const button = {
  primary: btn('primary'),
  secondary: btn('secondary'),
  quiet: btn('quiet'),
  outline: btn('outline'),
  danger: btn('danger'),
  dangerSolid: btn('dangerSolid'),
  onDark: btn('onDark'),
}

export const control =
  'block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700'

export const label = 'block font-semibold text-slate-900'
export const fieldProblem = 'mt-1 text-sm font-semibold text-red-700'
export const card = 'rounded-xl border border-slate-200 bg-white shadow-sm'

/** A report table's number cell and column heading (the Sources report, Site speed). */
export const tableCell = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2'
export const tableHead = 'px-1.5 py-1.5 align-bottom text-xs leading-tight sm:px-2 sm:text-sm'
