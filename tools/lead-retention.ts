/** Prints privacy.relay.days of content/site.md: the deploy passes it to the Worker (LEAD_RETENTION_DAYS). */
import { loadContent } from '../src/engine/index.ts';

const days = (await loadContent('content')).site.privacy.relay?.days;
if (!days) {
  console.error('privacy.relay.days absent de content/site.md : le Worker ne saurait pas quand détruire les demandes.');
  process.exit(1);
}
console.log(days);
