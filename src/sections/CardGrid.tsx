// A heading and a grid of cards: services, features, quick-help tiles. A card with a link and no
// linkLabel is linked through its title; the link covers the whole card.
import { ArrowRight, Check, Phone } from 'lucide-react'
import type { Card, CardGrid as CardGridBlock } from '../catalogue/types.gen.ts'
import { Band, type BandTone } from './Band.tsx'
import { Icon } from './Icon.tsx'
import { IconList } from './IconList.tsx'
import { SectionHeading } from './SectionHeading.tsx'
import type { PhoneNumber } from './actions.tsx'

function CardTitle({ card }: { card: Card }) {
  if (card.href && !card.linkLabel) {
    return (
      <a href={card.href} className="card-link after:absolute after:inset-0 after:content-['']">
        {card.title}
      </a>
    )
  }
  return <>{card.title}</>
}

/**
 * A card: its icon beside its title (not stacked above it), then the description. `tile` (the
 * home page's tiles) keeps a phone's card to its icon and title, two to a row.
 */
function CardView({
  card,
  phone,
  headingLevel,
  tile,
}: {
  card: Card
  phone: PhoneNumber
  headingLevel: 'h2' | 'h3'
  tile: boolean
}) {
  const Heading = headingLevel
  return (
    <li
      className={`card relative flex flex-col rounded-xl border bg-white p-4 shadow-sm sm:p-6 ${card.urgent ? 'border-accent-600 ring-2 ring-accent-600/30' : 'border-slate-200'} ${card.href && !card.linkLabel ? 'hover:border-brand-500 hover:shadow-md' : ''}`}
    >
      <div className={`flex gap-3 ${tile ? 'flex-col sm:flex-row sm:items-center' : 'items-center'}`}>
        {card.icon && (
          <span
            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full sm:size-12 ${card.urgent ? 'bg-accent-50 text-accent-700' : 'bg-brand-50 text-brand-700'}`}
          >
            <Icon name={card.icon} />
          </span>
        )}
        <Heading className="text-xl leading-tight font-bold text-brand-900 sm:text-2xl">
          <CardTitle card={card} />
        </Heading>
      </div>
      <p className={`mt-2 text-slate-600 sm:mt-3 ${tile ? 'hidden sm:block' : ''}`}>{card.description}</p>
      {card.features && (
        <IconList
          items={card.features}
          icon={Check}
          className="mt-3 space-y-1.5 sm:mt-4 sm:space-y-2"
          itemClassName="flex gap-2 text-slate-700"
          iconClassName="mt-0.5 size-5 shrink-0 text-brand-600"
        />
      )}
      {(card.linkLabel || card.urgent) && (
        <div className="mt-auto flex flex-wrap items-center gap-4 pt-3 sm:pt-5">
          {card.href && card.linkLabel && (
            <a
              href={card.href}
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
            >
              {card.linkLabel}
              <span className="sr-only">: {card.title}</span>
              <ArrowRight className="size-4" aria-hidden="true" focusable="false" />
            </a>
          )}
          {card.urgent && (
            <a
              href={`tel:${phone.e164}`}
              className="relative z-10 inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent-700 px-4 py-2 font-bold text-white hover:bg-accent-800"
            >
              <Phone className="size-4" aria-hidden="true" focusable="false" />
              {card.urgent}
            </a>
          )}
        </div>
      )}
    </li>
  )
}

export function CardGrid({
  id,
  grid,
  phone,
  columns = 3,
  tone = 'white',
  tiles = false,
}: {
  id: string
  grid: CardGridBlock
  phone: PhoneNumber
  columns?: 2 | 3 | 4
  tone?: BandTone
  /** Small tiles, two to a row on a phone: icon and title only there (the home page's grids). */
  tiles?: boolean
}) {
  const cols = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns]
  return (
    <Band id={id} tone={tone}>
      <SectionHeading id={id} heading={grid.heading} intro={grid.intro} />
      <ul className={`grid gap-cards sm:gap-cards-lg ${tiles ? 'grid-cols-2' : ''} ${cols}`}>
        {grid.cards.map((card) => (
          <CardView key={card.title} card={card} phone={phone} headingLevel="h3" tile={tiles} />
        ))}
      </ul>
    </Band>
  )
}
