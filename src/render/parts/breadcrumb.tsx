import type { Crumb } from '../json-ld.ts';
import { useLocale } from './site-context.tsx';

/** Visible trail; the last crumb is the current page and is not a link. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useLocale();
  return (
    <nav className="breadcrumb" aria-label={t.breadcrumb.label}>
      <ol className="container">
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <li key={c.path} aria-current="page">
              {c.name}
            </li>
          ) : (
            <li key={c.path}>
              <a href={c.path}>{c.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
