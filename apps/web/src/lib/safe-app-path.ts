/** Only paths inside the app are followed, never another site. */
export function safeAppPath(value: string | null, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The parameter of an address that carries where the person was going: Login's and the Loading Page's. */
export const returnParam = 'to';
