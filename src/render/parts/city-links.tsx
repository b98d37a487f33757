import type { CitySummary } from '../../content/types.ts';
import { Icon } from './icon.tsx';
import { useLocale } from './site-context.tsx';

/** Links to city pages: a compact list (service pages) or the home page's grid. */
export function CityLinks({ cities, layout = 'list' }: { cities: CitySummary[]; layout?: 'list' | 'grid' }) {
  const { p } = useLocale();
  return (
    <ul className={layout === 'grid' ? 'city-grid' : 'city-links'}>
      {cities.map((c) => (
        <li key={c.slug}>
          <a href={p.city(c)}>
            <Icon name="local" /> {c.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
