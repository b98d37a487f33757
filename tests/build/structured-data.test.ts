import { beforeAll, describe, expect, it } from 'vitest';
import { fileForPath } from '../../src/host/file-lookup.ts';
import { outputFile } from '../../src/site/paths.ts';
import { buildToTemp, html, jsonLdBlocks, visibleText } from '../../tools/lib/built-site.ts';
import { structuredDataProblems } from '../helpers/structured-data-rules.ts';
import { sharedSite } from '../helpers/shared-site.ts';

let site: Awaited<ReturnType<typeof buildToTemp>>;
const pages = () => site.routes.filter((r) => r.indexable);

beforeAll(async () => {
  site = await sharedSite();
});

describe('structured data (JSON-LD)', () => {
  it('gives every block on every page the properties Google documents as required and recommended', () => {
    const problems: string[] = [];
    for (const route of pages()) {
      for (const block of jsonLdBlocks(html(site, outputFile(route.path)))) {
        problems.push(...structuredDataProblems(block).map((p) => `${route.path} ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('puts the right blocks on each kind of page', () => {
    const types = (path: string) => jsonLdBlocks(html(site, outputFile(path))).map((b) => b['@type']);
    expect(types('/')).toEqual(['LocalBusiness']);
    expect(types('/services/elagage')).toEqual(['Service', 'FAQPage', 'BreadcrumbList']);
    expect(types('/abattage-chelsea')).toEqual(['LocalBusiness', 'FAQPage', 'BreadcrumbList']);
  });

  it('takes the opening hours from the site config', () => {
    const [business] = jsonLdBlocks(html(site, 'index.html'));
    expect(business!.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '07:00', closes: '19:00', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`) }),
      expect.objectContaining({ opens: '08:00', closes: '17:00', dayOfWeek: ['https://schema.org/Saturday'] }),
    ]);
  });

  it('points every breadcrumb at a page that exists', () => {
    const base = site.content.site.baseUrl;
    for (const route of pages()) {
      for (const block of jsonLdBlocks(html(site, outputFile(route.path)))) {
        if (block['@type'] !== 'BreadcrumbList') continue;
        for (const item of block.itemListElement as { item: string }[]) {
          expect(item.item.startsWith(base), item.item).toBe(true);
          expect(fileForPath(item.item.slice(base.length) || '/', (f) => site.files.has(f)), item.item).toBeDefined();
        }
      }
    }
  });

  it('states in FAQPage exactly the questions and answers the page shows', () => {
    for (const route of pages()) {
      const page = html(site, outputFile(route.path));
      const faq = jsonLdBlocks(page).find((b) => b['@type'] === 'FAQPage');
      if (!faq) continue;
      const text = visibleText(page.replace(/&quot;/g, '"'));
      // visibleText folds every space, the non-breaking ones of French punctuation included.
      const folded = (s: string) => s.replace(/\s+/g, ' ');
      for (const q of faq.mainEntity as { name: string; acceptedAnswer: { text: string } }[]) {
        expect(text, route.path).toContain(folded(q.name));
        expect(text, route.path).toContain(folded(q.acceptedAnswer.text));
      }
    }
  });

  it('never marks up the testimonials (sample content until real, consented reviews replace them) as reviews or ratings', () => {
    const reviewMarkup = /"@type":"(Review|AggregateRating|Rating)"|"(review|reviews|aggregateRating|reviewRating)":/;
    for (const route of pages()) {
      for (const block of jsonLdBlocks(html(site, outputFile(route.path)))) expect(JSON.stringify(block), route.path).not.toMatch(reviewMarkup);
    }
    const rated = { '@type': 'LocalBusiness', aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 3 } };
    expect(JSON.stringify(rated), 'the gate can fail').toMatch(reviewMarkup);
  });

  it('notices a block that loses a required property (the gate can fail)', () => {
    const [business] = jsonLdBlocks(html(site, 'abattage-hull.html'));
    const { telephone: _, ...withoutPhone } = business!;
    expect(structuredDataProblems(withoutPhone)).toEqual(['LocalBusiness: telephone (+1XXXXXXXXXX)']);
    const crumbs = jsonLdBlocks(html(site, 'abattage-hull.html'))[2]!;
    const shuffled = { ...crumbs, itemListElement: [...(crumbs.itemListElement as object[])].reverse() };
    expect(structuredDataProblems(shuffled).length).toBeGreaterThan(0);
  });
});
