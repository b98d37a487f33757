/**
 * The properties Google Search Central documents as required (and the recommended ones we
 * promise) for the rich results our pages aim at. Returns one line per missing or wrong property.
 */
type Json = Record<string, any>;

const isAbsolute = (u: unknown) => typeof u === 'string' && /^https?:\/\/[^/]+/.test(u);

export function structuredDataProblems(block: Json): string[] {
  const problems: string[] = [];
  const need = (cond: unknown, what: string) => {
    if (!cond) problems.push(`${block['@type']}: ${what}`);
  };
  need(block['@context'] === 'https://schema.org', '@context https://schema.org');
  switch (block['@type']) {
    case 'LocalBusiness': {
      need(typeof block.name === 'string' && block.name, 'name');
      const a = block.address ?? {};
      need(a['@type'] === 'PostalAddress' && a.addressLocality && /^(QC|ON|NB|NS|PE|NL|MB|SK|AB|BC|YT|NT|NU)$/.test(a.addressRegion ?? '') && a.addressCountry === 'CA', 'address (PostalAddress: locality, a Canadian province, country CA)');
      need(/^\+1\d{10}$/.test(block.telephone ?? ''), 'telephone (+1XXXXXXXXXX)');
      need(isAbsolute(block.url), 'url (absolute)');
      need(isAbsolute(block.image), 'image (absolute)');
      need(block.priceRange === '$$', "priceRange '$$'");
      need(Array.isArray(block.openingHoursSpecification) && block.openingHoursSpecification.length > 0, 'openingHoursSpecification');
      for (const h of block.openingHoursSpecification ?? []) {
        need(h['@type'] === 'OpeningHoursSpecification' && Array.isArray(h.dayOfWeek) && /^\d\d:\d\d$/.test(h.opens) && /^\d\d:\d\d$/.test(h.closes), 'openingHoursSpecification entries (dayOfWeek, opens, closes)');
      }
      need(block.areaServed, 'areaServed');
      need(typeof block.geo?.latitude === 'number' && typeof block.geo?.longitude === 'number', 'geo (latitude, longitude)');
      const offers = block.hasOfferCatalog?.itemListElement;
      need(block.hasOfferCatalog?.['@type'] === 'OfferCatalog' && Array.isArray(offers) && offers.length === 4, 'hasOfferCatalog of the 4 services');
      break;
    }
    case 'BreadcrumbList': {
      const items: Json[] = block.itemListElement ?? [];
      need(items.length >= 2, 'itemListElement (2 or more)');
      items.forEach((item, i) => {
        need(item['@type'] === 'ListItem' && item.position === i + 1, `itemListElement[${i}].position = ${i + 1}`);
        need(typeof item.name === 'string' && item.name, `itemListElement[${i}].name`);
        need(isAbsolute(item.item), `itemListElement[${i}].item (absolute URL)`);
      });
      break;
    }
    case 'FAQPage': {
      const qs: Json[] = block.mainEntity ?? [];
      need(qs.length === 5, 'mainEntity: 5 questions');
      qs.forEach((q, i) => {
        need(q['@type'] === 'Question' && q.name, `mainEntity[${i}] Question.name`);
        need(q.acceptedAnswer?.['@type'] === 'Answer' && q.acceptedAnswer.text, `mainEntity[${i}].acceptedAnswer.text`);
      });
      break;
    }
    case 'Service': {
      need(block.name, 'name');
      need(block.serviceType, 'serviceType');
      need(block.description, 'description');
      need(isAbsolute(block.url), 'url (absolute)');
      need(block.provider?.name && block.provider?.telephone, 'provider (name, telephone)');
      need(Array.isArray(block.areaServed) && block.areaServed.length > 0, 'areaServed');
      break;
    }
    default:
      problems.push(`unexpected @type ${block['@type']}`);
  }
  return problems;
}
