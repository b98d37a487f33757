import { beforeAll, describe, expect, it } from 'vitest';
import { buildToTemp, html, visibleText } from '../../tools/lib/built-site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

let site: Awaited<ReturnType<typeof buildToTemp>>;

beforeAll(async () => {
  site = await sharedSite();
});

const pageFiles = () => [...site.files.keys()].filter((f) => f.endsWith('.html'));

describe('Québec privacy law (Law 25) on the site', () => {
  it('links every page to the privacy policy from its footer', () => {
    expect(pageFiles().length).toBeGreaterThan(30);
    for (const file of pageFiles()) {
      const footer = html(site, file).slice(html(site, file).indexOf('<footer'));
      const link = file.startsWith('en/') ? '<a href="/en/privacy">Privacy policy</a>' : '<a href="/confidentialite">Politique de confidentialité</a>';
      expect(footer, file).toContain(link);
    }
  });

  it('tells, under every quote form, why and who receives what is typed, with the link to the policy', () => {
    const withForm = pageFiles().filter((f) => html(site, f).includes('data-island="quote-form"'));
    expect(withForm).toEqual(expect.arrayContaining(['index.html', 'contact.html', 'en/index.html', 'en/contact.html']));
    for (const file of withForm) {
      const page = html(site, file);
      const notice = page.slice(page.indexOf('class="form-privacy"'), page.indexOf('</p>', page.indexOf('class="form-privacy"')));
      const english = file.startsWith('en/');
      expect(notice, file).toContain(english ? site.contents.en!.pages.privacy.formNotice : 'pour vous rappeler et préparer votre soumission');
      expect(notice, file).toContain(english ? '<a href="/en/privacy">' : '<a href="/confidentialite">');
    }
  });

  it('names, on the policy, the person in charge and the service that receives requests, as content/site.md says', () => {
    const { officer, processor, retention } = site.content.site.privacy;
    const text = visibleText(html(site, 'confidentialite.html'));
    for (const fact of [officer.name, officer.email, officer.phone, processor.name, retention]) expect(text).toContain(fact);
    expect(text).toContain('aucun témoin');
    expect(text).toMatch(/Dernière mise à jour : \d{1,2}(er)? \p{L}+ \d{4}/u);
  });

  it('keeps the policy in the sitemap, with its canonical address and without noindex', () => {
    const page = html(site, 'confidentialite.html');
    expect(page).toContain('<link rel="canonical" href="https://www.arbo-expert-outaouais.example/confidentialite"/>');
    expect(page).not.toMatch(/noindex/);
    expect(site.files.get('sitemap.xml')).toContain('<loc>https://www.arbo-expert-outaouais.example/confidentialite</loc>');
  });
});
