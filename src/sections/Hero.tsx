import type { ReactNode } from 'react'
import { CircleCheck } from 'lucide-react'
import type { Hero as HeroBlock } from '../catalogue/types.gen.ts'
import { ActionLink, CallButton, type PhoneNumber } from './actions.tsx'
import { IconList } from './IconList.tsx'
import { Picture } from './Picture.tsx'

/** The page's banner; `aside` (an emergency box, a contact card) sits beside the text on wide screens. */
export function Hero({ hero, phone, aside }: { hero: HeroBlock; phone: PhoneNumber; aside?: ReactNode }) {
  return (
    <section className="hero bg-brand-900 text-white" aria-labelledby="page-title">
      <div
        className={`container-page py-8 sm:py-20 ${aside || hero.image ? 'grid items-center gap-6 sm:gap-10 lg:grid-cols-[1fr_28rem]' : ''}`}
      >
        <div>
          {hero.eyebrow && (
            <p className="mb-3 text-sm font-semibold tracking-wide text-accent-200 uppercase">{hero.eyebrow}</p>
          )}
          <h1 id="page-title" className="max-w-3xl text-[2.25rem] leading-[1.05] font-bold text-balance sm:text-6xl">
            {hero.title}
          </h1>
          {hero.text && <p className="mt-4 max-w-2xl text-brand-100 sm:mt-5 sm:text-lg">{hero.text}</p>}
          {(hero.primaryAction !== undefined || hero.callLabel) && (
            <div className="mt-6 flex flex-col gap-3 sm:mt-8 sm:flex-row">
              {hero.primaryAction && <ActionLink action={hero.primaryAction} />}
              {hero.callLabel && (
                // A hero without another action (the emergency page) leads with the call: the primary style.
                <CallButton
                  phone={phone}
                  label={hero.callLabel}
                  tone={hero.primaryAction ? 'outline-light' : 'primary'}
                />
              )}
            </div>
          )}
          {hero.badges && hero.badges.length > 0 && (
            <IconList
              items={hero.badges}
              icon={CircleCheck}
              className="mt-5 flex flex-wrap gap-x-4 gap-y-2 text-sm sm:mt-8 sm:gap-x-6 sm:text-base"
              itemClassName="flex items-center gap-2 font-medium text-brand-50"
              iconClassName="size-4 text-accent-200 sm:size-5"
            />
          )}
        </div>
        {(aside || hero.image) && (
          <div className="grid gap-6">
            {/* The page's first picture: loaded at once, before any other. */}
            {hero.image && (
              <Picture
                image={hero.image}
                sizes="(min-width: 1024px) 28rem, calc(100vw - 2rem)"
                first
                className="h-auto w-full rounded-xl shadow-lg"
              />
            )}
            {aside}
          </div>
        )}
      </div>
    </section>
  )
}
