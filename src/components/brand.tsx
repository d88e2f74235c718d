// The Monthbook wordmark, a link home used by every header (plain markup: it ships with public pages).
import { Link } from '@tanstack/react-router';
import { BookIcon } from './icons';

export function Brand({ to = '/' }: { to?: '/' | '/months' }) {
  return (
    <Link to={to} className="mb-brand">
      <BookIcon size={24} />
      <span>Monthbook</span>
    </Link>
  );
}
