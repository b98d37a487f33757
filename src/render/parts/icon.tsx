import type { IconName } from '../../content/schemas/shared.ts';

/** 24×24 stroke icons, drawn for this site; decorative, so hidden from assistive technology. */
const PATHS: Record<IconName, string> = {
  abattage: 'M12 2 6 11h3l-4 6h6v5h2v-5h6l-4-6h3z',
  elagage: 'M6 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0 12a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8.1 7.6 20 19M8.1 16.4 20 5',
  souche: 'M5 20h14M7 20l1-9h8l1 9M8 11c0-2 2-3 4-3s4 1 4 3M10 14h4',
  urgence: 'M12 3 2 20h20zM12 9v5M12 17h.01',
  rapide: 'M13 2 4 14h7l-1 8 9-12h-7z',
  satisfaction: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01',
  devis: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
  horloge: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  bouclier: 'M12 2 4 5v6c0 5 3.5 9.5 8 11 4.5-1.5 8-6 8-11V5zM9 12l2 2 4-4',
  equipe: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-2a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v2M17 3.1a4 4 0 0 1 0 7.8M22 21v-2a5 5 0 0 0-3-4.6',
  equipement: 'M3 17h13v-5H3zM16 12h3l2 3v2h-5M6 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 12l4-7 3 7',
  local: 'M12 22s7-6.5 7-12a7 7 0 1 0-14 0c0 5.5 7 12 7 12zM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  nettoyage: 'M14 3 9 14M5 21l4-7 6 3-2 4zM16 8l3 1M17 12h3',
  certifie: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM8.2 13.9 7 22l5-3 5 3-1.2-8.1',
  telephone: 'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z',
  feuille: 'M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10zM2 21c0-3 1.9-5.4 5.1-6',
  prix: 'M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8zM7 7h.01',
  maison: 'M3 10 12 3l9 7v11H3zM9 21v-7h6v7',
};

export function Icon({ name, className = 'icon' }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
