import { CareRecordCard } from '../../../components/care-record/care-record-card';
import { usePropertyCareRecord, usePropertySystems } from '../home-api';

/** A client's home's care record in the client's details (docs/decisions/094). */
export function PropertyRecord({ propertyId }: { propertyId: string }) {
  const calls = usePropertyCareRecord(propertyId);
  const systems = usePropertySystems(propertyId);
  return (
    <CareRecordCard calls={calls} systems={systems.data?.items ?? []} audience="staff" headingOrder={4} />
  );
}
