import { HomeSystemsCard } from '../../components/home-systems/home-systems-card';
import { useHomeSystems, useRemoveHomeSystem, useSaveHomeSystem } from './api';

/** A home's systems and appliances on My home, kept by its owner (docs/decisions/089). */
export function HomeSystemsSection({ homeId }: { homeId: string }) {
  const systems = useHomeSystems(homeId);
  const save = useSaveHomeSystem(homeId);
  const remove = useRemoveHomeSystem(homeId);
  return (
    <HomeSystemsCard
      systems={systems}
      save={save.mutateAsync}
      remove={remove.mutateAsync}
      audience="homeowner"
      headingOrder={3}
    />
  );
}
