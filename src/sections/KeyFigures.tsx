// One to three big numbers (savings, payback) with what they mean and the small print. Each
// figure reads as one phrase: "Up to 30% lower heating costs".
import type { KeyFigures as KeyFiguresBlock } from '../catalogue/types.gen.ts'
import { SectionTitle } from './SectionHeading.tsx'

export function KeyFigures({ id, figures }: { id: string; figures: KeyFiguresBlock }) {
  return (
    <section className="bg-brand-50" aria-labelledby={id}>
      <div className="container-page py-12 text-center sm:py-16">
        <SectionTitle id={id}>{figures.heading}</SectionTitle>
        <ul className="mx-auto mt-8 flex max-w-4xl flex-col justify-center gap-8 sm:flex-row">
          {figures.figures.map((figure) => (
            <li key={figure.value} className="flex-1">
              <strong className="block text-4xl font-extrabold text-accent-700 sm:text-5xl">{figure.value}</strong>{' '}
              <span className="mt-2 block text-lg text-slate-700">{figure.label}</span>
            </li>
          ))}
        </ul>
        {figures.note && <p className="mx-auto mt-8 max-w-2xl text-sm text-slate-600">{figures.note}</p>}
      </div>
    </section>
  )
}
