import skipLinkClasses from './skip-link.module.css';

/** The first stop of the keyboard: straight to the page's `#main-content`, past the header. */
export function SkipLink() {
  return (
    // Focus moves by hand: following the fragment would be a navigation for the router.
    <a
      href="#main-content"
      className={skipLinkClasses.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
