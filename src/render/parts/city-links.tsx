import type { CitySummary } from '../../content/types.ts';
import { paths } from '../../site/paths.ts';
import { Icon } from './icon.tsx';

/** Links to city pages: a compact list (service pages) or the home page's grid. */
export function CityLinks({ cities, layout = 'list' }: { cities: CitySummary[]; layout?: 'list' | 'grid' }) {
  return (
    <ul className={layout === 'grid' ? 'city-grid' : 'city-links'}>
      {cities.map((c) => (
        <li key={c.slug}>
          <a href={paths.city(c)}>
            <Icon name="local" /> {c.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
