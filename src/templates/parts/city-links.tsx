import type { City } from '../../content/types.ts';
import { paths } from '../../site/routes.ts';
import { Icon } from './icon.tsx';

export function CityLinks({ cities }: { cities: City[] }) {
  return (
    <ul className="city-links">
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
