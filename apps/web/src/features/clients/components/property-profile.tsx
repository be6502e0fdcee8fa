import { HomeProfileCard } from '../../../components/home-profile/home-profile-card';
import { usePropertyProfile, useSavePropertyProfile } from '../home-api';

/** A client's home's profile in the client's details, as the homeowner answers it (docs/decisions/088). */
export function PropertyProfile({ propertyId }: { propertyId: string }) {
  const profile = usePropertyProfile(propertyId);
  const save = useSavePropertyProfile(propertyId);
  return <HomeProfileCard profile={profile} save={save.mutateAsync} audience="staff" headingOrder={4} />;
}
