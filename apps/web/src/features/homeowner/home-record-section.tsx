import { CareRecordCard } from '../../components/care-record/care-record-card';
import { useCareRecordCalls, useHomeSystems } from './api';

/** A home's care record on My home, kept by its owner (docs/decisions/094). */
export function HomeRecordSection({ homeId }: { homeId: string }) {
  const calls = useCareRecordCalls(homeId);
  const systems = useHomeSystems(homeId);
  return (
    <CareRecordCard calls={calls} systems={systems.data?.items ?? []} audience="homeowner" headingOrder={3} />
  );
}
