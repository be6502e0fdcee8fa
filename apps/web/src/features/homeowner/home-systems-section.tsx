import { HomeSystemsCard } from '../../components/home-systems/home-systems-card';
import { useHomeSystemFiles, useHomeSystems, useRemoveHomeSystem, useSaveHomeSystem } from './api';

/** A home's systems and appliances on My home, kept by its owner (docs/decisions/089). */
export function HomeSystemsSection({ homeId }: { homeId: string }) {
  const systems = useHomeSystems(homeId);
  const save = useSaveHomeSystem(homeId);
  const files = useHomeSystemFiles(homeId);
  const remove = useRemoveHomeSystem(homeId);
  return (
    <HomeSystemsCard
      systems={systems}
      save={save.mutateAsync}
      remove={remove.mutateAsync}
      files={files}
      audience="homeowner"
      headingOrder={3}
    />
  );
}
