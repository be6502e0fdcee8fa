/**
 * An email address that, when its column is narrow, wraps before the "@" and the dots of the
 * domain rather than in the middle of a name.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  const domainParts = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at)}
      <wbr />@
      {domainParts.map((part, index) => (
        <span key={index}>
          {index > 0 ? (
            <>
              <wbr />.
            </>
          ) : null}
          {part}
        </span>
      ))}
    </>
  );
}
