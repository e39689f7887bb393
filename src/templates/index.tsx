// One React template per record `template` value. A new template is a schema in schemas/pages/
// and an entry here; TypeScript checks that every template has one.
import type { ComponentType } from 'react'
import type { PageRecord, Template } from '../catalogue/types.ts'
import type { TemplateProps } from './types.ts'
import { AboutTemplate } from './AboutTemplate.tsx'
import { AreaTemplate } from './AreaTemplate.tsx'
import { ContactTemplate } from './ContactTemplate.tsx'
import { HomeTemplate } from './HomeTemplate.tsx'
import { ServiceAreasTemplate } from './ServiceAreasTemplate.tsx'
import { ServicesTemplate } from './ServicesTemplate.tsx'
import { ServiceTemplate } from './ServiceTemplate.tsx'

type Templates = { [T in Template]: ComponentType<TemplateProps<Extract<PageRecord, { template: T }>>> }

const TEMPLATES: Templates = {
  home: HomeTemplate,
  about: AboutTemplate,
  contact: ContactTemplate,
  services: ServicesTemplate,
  service: ServiceTemplate,
  'service-detail': ServiceTemplate,
  locality: AreaTemplate,
  county: AreaTemplate,
  state: AreaTemplate,
  'service-areas': ServiceAreasTemplate,
}

export function RecordPage(props: TemplateProps<PageRecord>) {
  const Template = TEMPLATES[props.page.template] as ComponentType<TemplateProps<PageRecord>>
  return <Template {...props} />
}
