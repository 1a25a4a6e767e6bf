import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-gray-900">
      <span
        className="inline-flex h-7 w-7 items-center justify-center rounded-md text-white"
        style={{ background: 'var(--rb-primary)' }}
      >
        R
      </span>
      <span>Rowbase</span>
    </Link>
  );
}
