/**
 * A live site whose form posts nowhere loses every lead without a sound: a production build
 * (on main, or `--production`) must refuse any webhook address that cannot be the real one.
 */

/** Words and hosts that mark an address nobody will ever read leads from. */
export const PLACEHOLDER = /example|exemple|placeholder|changeme|your-|votre-|xxx|localhost|127\.0\.0\.1/i;

const FIX = 'définissez QUOTE_WEBHOOK_URL (variable du dépôt sur GitHub) ou quoteWebhook dans content/site.md avec l’adresse https:// de votre automatisation';

/** Why `url` cannot receive the quotes of the live site, in French; undefined when it can. */
export function productionWebhookProblem(url: string): string | undefined {
  const value = url.trim();
  if (value === '') return `Adresse du webhook de devis vide : ${FIX}.`;
  if (/^\/api\/quote\/?(?:[?#]|$)/.test(value)) {
    return `Le webhook de devis est « ${value} », servi seulement par « npm start » : en production, les demandes seraient perdues. ${capitalize(FIX)}.`;
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return `Le webhook de devis « ${value} » est une adresse relative : aucun hébergeur statique n’y répond. ${capitalize(FIX)}.`;
  }
  if (PLACEHOLDER.test(value)) {
    return `Le webhook de devis « ${value} » est une adresse d’exemple ou locale : les demandes n’arriveraient nulle part. ${capitalize(FIX)}.`;
  }
  if (parsed.protocol !== 'https:') {
    return `Le webhook de devis « ${value} » n’est pas en https : les demandes partiraient en clair, et le navigateur les bloque sur un site https. ${capitalize(FIX)}.`;
  }
  return undefined;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
