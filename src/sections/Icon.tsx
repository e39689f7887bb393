// The icons a record can name (schemas/blocks/icon.schema.json), drawn as inline SVG on the
// server: no icon font, no request, no script.
import {
  AirVent,
  Award,
  Building2,
  CalendarCheck,
  Clock,
  Droplets,
  Fan,
  Flame,
  Gauge,
  HeartHandshake,
  House,
  Leaf,
  MapPin,
  Phone,
  PiggyBank,
  ShieldCheck,
  Siren,
  Snowflake,
  Sparkles,
  Thermometer,
  Users,
  Wind,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import type { Icon as IconName } from '../catalogue/types.gen.ts'

export const ICONS: Record<IconName, LucideIcon> = {
  'air-vent': AirVent,
  award: Award,
  building: Building2,
  'calendar-check': CalendarCheck,
  clock: Clock,
  droplets: Droplets,
  fan: Fan,
  flame: Flame,
  gauge: Gauge,
  'heart-handshake': HeartHandshake,
  home: House,
  leaf: Leaf,
  'map-pin': MapPin,
  phone: Phone,
  'piggy-bank': PiggyBank,
  'shield-check': ShieldCheck,
  siren: Siren,
  snowflake: Snowflake,
  sparkles: Sparkles,
  thermometer: Thermometer,
  users: Users,
  wind: Wind,
  wrench: Wrench,
  zap: Zap,
}

export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  const Svg = ICONS[name]
  return <Svg className={className} aria-hidden="true" focusable="false" strokeWidth={2} />
}
