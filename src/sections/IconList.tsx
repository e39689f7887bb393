// Short points, each after the same small icon: a hero's badges, a card's features.
import type { LucideIcon } from 'lucide-react'

export function IconList({
  items,
  icon: Icon,
  className,
  itemClassName,
  iconClassName,
}: {
  items: string[]
  icon: LucideIcon
  className: string
  itemClassName: string
  iconClassName: string
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <Icon className={iconClassName} aria-hidden="true" focusable="false" />
          {item}
        </li>
      ))}
    </ul>
  )
}
