import { useSearchParams } from 'react-router';
import { IconMapSearch } from '@tabler/icons-react';
import { HomeButton, StatusCard } from './status-card';

export const notFoundMessage = 'Ops!  The page you are looking for is not available.';

/** The 404 page: the exact message of docs/requirements.md §2.6, or the one passed as `message`. */
export function NotFoundMessage() {
  const [params] = useSearchParams();
  const message = params.get('message') || notFoundMessage;
  return (
    <StatusCard
      icon={<IconMapSearch size={26} aria-hidden />}
      title="Page not found"
      actions={<HomeButton />}
    >
      <span data-testid="not-found-message" style={{ whiteSpace: 'pre-wrap' }}>
        {message}
      </span>
    </StatusCard>
  );
}
