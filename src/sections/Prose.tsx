import type { ReactNode } from 'react'

export function Prose({ id, heading, paragraphs, children, tone = 'white' }: { id: string; heading: string; paragraphs: string[]; children?: ReactNode; tone?: 'white' | 'muted' }) {
  return (
    <section className={tone === 'muted' ? 'bg-slate-50' : 'bg-white'} aria-labelledby={id}>
      <div className="container-page max-w-3xl py-14 sm:py-20">
        <h2 id={id} className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {heading}
        </h2>
        <div className="mt-5 space-y-4 text-lg text-slate-700">
          {paragraphs.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  )
}
