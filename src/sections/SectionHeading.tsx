export function SectionHeading({ id, heading, intro, center = true }: { id: string; heading: string; intro?: string | undefined; center?: boolean }) {
  return (
    <div className={center ? 'mx-auto mb-10 max-w-2xl text-center' : 'mb-8 max-w-2xl'}>
      <h2 id={id} className="text-2xl font-bold text-brand-900 sm:text-3xl">
        {heading}
      </h2>
      {intro && <p className="mt-3 text-lg text-slate-600">{intro}</p>}
    </div>
  )
}
