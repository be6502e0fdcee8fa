import { HomeSystemsCard } from '../../components/home-systems/home-systems-card';
import { useHomeSystemsCalls } from './api';

/** A home's systems and appliances on My home, kept by its owner (docs/decisions/089). */
export function HomeSystemsSection({ homeId }: { homeId: string }) {
  return <HomeSystemsCard calls={useHomeSystemsCalls(homeId)} audience="homeowner" headingOrder={3} />;
}
