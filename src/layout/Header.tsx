// The sticky header. Works without script: dropdowns open on hover and keyboard focus (CSS), and
// the phone-size menu is a native popover (the toggle button opens it, Escape closes it).
// src/client/menu.ts adds Escape for dropdowns and the toggle buttons' expanded state.
import { ChevronDown, Menu, Phone } from 'lucide-react'
import type { Business, Site } from '../catalogue/types.gen.ts'
import { Logo } from './Logo.tsx'

type MenuEntry = Site['header']['menu'][number]

function ariaCurrent(href: string, currentPath: string, entryActive: boolean): 'page' | 'true' | undefined {
  if (href === currentPath) return 'page'
  return entryActive ? 'true' : undefined
}

function slug(label: string) {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

function MenuItem({ entry, active, currentPath }: { entry: MenuEntry; active: boolean; currentPath: string }) {
  const current = ariaCurrent(entry.href, currentPath, active)
  const linkClass = `nav-link ${active ? 'nav-link-active' : ''}`
  if (!entry.children) {
    return (
      <li>
        <a href={entry.href} className={linkClass} aria-current={current}>
          {entry.label}
        </a>
      </li>
    )
  }
  const id = `submenu-${slug(entry.label)}`
  return (
    <li className="has-dropdown" data-dropdown="">
      <div className="flex items-center">
        <a href={entry.href} className={linkClass} aria-current={current}>
          {entry.label}
        </a>
        <button type="button" className="dropdown-toggle" aria-expanded="false" aria-controls={id}>
          <ChevronDown className="size-4" aria-hidden="true" focusable="false" />
          <span className="sr-only">{entry.label} services</span>
        </button>
      </div>
      <ul id={id} className="dropdown">
        {entry.children.map((child) => (
          <li key={child.href}>
            <a
              href={child.href}
              className="dropdown-link"
              aria-current={child.href === currentPath ? 'page' : undefined}
            >
              {child.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  )
}

export function Header({
  site,
  business,
  activeNav,
  currentPath,
}: {
  site: Site
  business: Business
  activeNav: number | null
  currentPath: string
}) {
  const { header } = site
  return (
    <header className="site-header sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4 nav:h-20">
        <a href="/" className="shrink-0 rounded-md" aria-label={`${business.name}, home`}>
          <Logo name={business.name} shortName={business.shortName} />
        </a>
        <nav id="site-nav" className="site-nav" aria-label="Main" popover="auto">
          <ul className="nav-list">
            {header.menu.map((entry, i) => (
              <MenuItem key={entry.href} entry={entry} active={i === activeNav} currentPath={currentPath} />
            ))}
          </ul>
          <a href={header.contactAction.href} className="nav-contact-mobile">
            {header.contactAction.label}
          </a>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <a href={`tel:${business.phone.e164}`} className="header-phone" aria-label={`Call ${business.phone.display}`}>
            <Phone className="size-5" aria-hidden="true" focusable="false" />
            <span className="hidden md:inline nav:hidden xl:inline">{header.callLabel ?? business.phone.display}</span>
          </a>
          <a href={header.contactAction.href} className="header-contact">
            {header.contactAction.label}
          </a>
          <button type="button" className="menu-toggle" popoverTarget="site-nav" aria-controls="site-nav">
            <Menu className="size-6" aria-hidden="true" focusable="false" />
            {/* Under 360 px the word would push the header past the screen: the icon stays, the name too. */}
            <span className="max-[22.5rem]:sr-only">{header.menuLabel}</span>
          </button>
        </div>
      </div>
    </header>
  )
}
