import { HomeProfileCard } from '../../components/home-profile/home-profile-card';
import { useHomeProfile, useSaveHomeProfile } from './api';

/** A home's profile on My home, answered by its owner (docs/decisions/088). */
export function HomeProfileSection({ homeId }: { homeId: string }) {
  const profile = useHomeProfile(homeId);
  const save = useSaveHomeProfile(homeId);
  return <HomeProfileCard profile={profile} save={save.mutateAsync} audience="homeowner" headingOrder={3} />;
}
