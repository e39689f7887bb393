// The words of the outcome entry (OutcomeForm.tsx) and of the Sources report's outcomes
// (SourcesOutcomes.tsx): kept out of messages.ts, which every screen loads, since only the
// on-demand chunk (on-demand-views.ts) shows them.
export const OUTCOME_T = {
  legend: 'Outcome',
  value: 'Job value ($)',
  valueHint: 'What the completed job was worth, e.g. 485 or 1,250.50.',
  reason: 'Reason lost',
  chooseReason: 'Choose a reason',
  save: 'Save outcome',
  clearValue: 'Clear value',
  clearReason: 'Clear reason',
  chooseFirst: 'Choose why the request was lost.',
  report: {
    heading: 'What the requests became',
    hint: 'Booked: scheduled, completed or holding a booking. Completed: marked completed. Revenue: the job values entered for completed requests. A customer with an earlier request is returning.',
    by: 'Show by',
    dimensions: { bySource: 'Source', byPage: 'Landing page', byCampaign: 'Campaign' },
    customers: 'Customers',
    firstTime: 'New',
    returning: 'Returning',
    requests: 'Requests',
    booked: 'Booked',
    completed: 'Completed',
    revenue: 'Revenue',
    export: 'Google Ads conversions (CSV)',
    exportHint:
      'Completed jobs with a value from Google ad clicks, entered in this period, for Goals › Conversions › Uploads.',
  },
} as const
