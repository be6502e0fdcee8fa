import { HomePlanCard } from '../../../components/home-plan/home-plan-card';
import { useApplyPropertyPlan, usePropertyPlan } from '../home-api';

/** A client's home's plan in the client's details (docs/decisions/090). */
export function PropertyPlan({ propertyId }: { propertyId: string }) {
  const plan = usePropertyPlan(propertyId);
  const apply = useApplyPropertyPlan(propertyId);
  return <HomePlanCard plan={plan} apply={apply.mutateAsync} audience="staff" headingOrder={4} />;
}
