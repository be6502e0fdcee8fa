import { HomeSystemsCard } from '../../../components/home-systems/home-systems-card';
import { usePropertySystemsCalls } from '../home-api';

/** A client's home's systems and appliances in the client's details (docs/decisions/089). */
export function PropertySystems({ propertyId }: { propertyId: string }) {
  return <HomeSystemsCard calls={usePropertySystemsCalls(propertyId)} audience="staff" headingOrder={4} />;
}
