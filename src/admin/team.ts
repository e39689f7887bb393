// The team (GET /team, decision 062): the accounts not disabled, whom a request can be assigned to
// (CardAssign.tsx) and who is on duty (OnDuty.tsx). Both load on demand, and so does this.
import { useQuery } from '@tanstack/react-query'
import { answer, client } from './api.ts'

export const teamKey = ['team'] as const
export const useTeam = () => useQuery({ queryKey: teamKey, queryFn: () => answer(client.team.$get()) })
