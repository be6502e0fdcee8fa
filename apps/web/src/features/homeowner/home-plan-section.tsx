import { HomePlanCard } from '../../components/home-plan/home-plan-card';
import { useApplyHomePlan, useHomePlan } from './api';

/** A home's plan on My home, confirmed by its owner (docs/decisions/090). */
export function HomePlanSection({ homeId }: { homeId: string }) {
  const plan = useHomePlan(homeId);
  const apply = useApplyHomePlan(homeId);
  return <HomePlanCard plan={plan} apply={apply.mutateAsync} audience="homeowner" headingOrder={3} />;
}
