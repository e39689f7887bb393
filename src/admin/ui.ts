// Class names the inbox's controls share: the public site's look (src/sections/actions.tsx,
// the contact form's fields) at the size of an app's controls, 44 px high for fingers.

const BUTTON = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold transition-colors disabled:cursor-wait disabled:opacity-60'

export const button = {
  primary: `${BUTTON} bg-accent-700 text-white shadow-sm hover:bg-accent-800`,
  secondary: `${BUTTON} border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50`,
  quiet: `${BUTTON} text-brand-800 hover:bg-brand-50`,
  danger: `${BUTTON} border-2 border-red-700 bg-white text-red-800 hover:bg-red-50`,
  dangerSolid: `${BUTTON} bg-red-700 text-white shadow-sm hover:bg-red-800`,
  onDark: `${BUTTON} border-2 border-white/80 text-white hover:bg-white/10 focus-visible:outline-white`,
}

export const control =
  'block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700'

export const label = 'block font-semibold text-slate-900'
export const fieldProblem = 'mt-1 text-sm font-semibold text-red-700'
export const card = 'rounded-xl border border-slate-200 bg-white shadow-sm'
