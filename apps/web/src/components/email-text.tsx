/**
 * An email address that, when its column is narrow, wraps before its "@" and its dots (and after
 * a hyphen, as the browser does) rather than in the middle of a name.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at), email.slice(at)];
  return (
    <>
      {parts.map((part, partIndex) => (
        <span key={partIndex}>
          {partIndex > 0 ? <wbr /> : null}
          {part.split('.').map((piece, index) => (
            <span key={index}>
              {index > 0 ? (
                <>
                  <wbr />.
                </>
              ) : null}
              {piece}
            </span>
          ))}
        </span>
      ))}
    </>
  );
}
