// Lets keyboard users jump past the header's links straight to the page's main content.
export function SkipLink() {
  return (
    <a href="#main-content" className="mb-skip-link">
      Skip to content
    </a>
  );
}
