import { HomeSystemsCard } from '../../../components/home-systems/home-systems-card';
import {
  usePropertySystemFiles,
  usePropertySystems,
  useRemovePropertySystem,
  useSavePropertySystem,
} from '../home-api';

/** A client's home's systems and appliances in the client's details (docs/decisions/089). */
export function PropertySystems({ propertyId }: { propertyId: string }) {
  const systems = usePropertySystems(propertyId);
  const save = useSavePropertySystem(propertyId);
  const files = usePropertySystemFiles(propertyId);
  const remove = useRemovePropertySystem(propertyId);
  return (
    <HomeSystemsCard
      systems={systems}
      save={save.mutateAsync}
      remove={remove.mutateAsync}
      files={files}
      audience="staff"
      headingOrder={4}
    />
  );
}
