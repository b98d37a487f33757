import { jsonForScript } from '../../shared/script-json.ts';
import { useSite } from '../parts/site-context.tsx';
import { absoluteUrl } from '../../site/urls.ts';
import { CARD_SIZE } from '../../shared/card/card-facts.ts';
import type { ShareCard } from '../card/share-card.ts';
import { THEME_COLOUR } from '../../shared/settings.ts';
import { BRAND_MARK_DATA_URI } from '../../shared/brand-mark.ts';
import { SPECULATION_RULES } from '../../site/speculation-rules.ts';
import { LOCALES, type Locale } from '../../shared/locales.ts';

export interface HeadProps {
  title: string;
  description: string;
  keywords?: string[] | undefined;
  /**
   * Primary path of this page (aliases pass their primary). The not-found page has none: it is
   * served with status 404, which keeps it out of search indexes without a robots tag.
   */
  canonical: string | undefined;
  jsonLd: object[];
  /** The page's own share card (an alias names its primary page's). */
  card: ShareCard;
  /** The page's primary address in each language it exists in (src/site/routes.ts): its hreflang alternates. */
  alternates?: Partial<Record<Locale, string>>;
}

export function Head({ title, description, keywords, canonical, jsonLd, card, alternates = {} }: HeadProps) {
  const { site, assets, locale } = useSite();
  const languages = Object.entries(alternates) as [Locale, string][];
  const url = canonical === undefined ? undefined : absoluteUrl(site.baseUrl, canonical);
  const image = absoluteUrl(site.baseUrl, card.path);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords && keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      {url && <link rel="canonical" href={url} />}
      {languages.map(([lang, path]) => (
        <link key={lang} rel="alternate" hrefLang={LOCALES[lang].lang} href={absoluteUrl(site.baseUrl, path)} />
      ))}
      {alternates.fr && <link rel="alternate" hrefLang="x-default" href={absoluteUrl(site.baseUrl, alternates.fr)} />}
      <meta name="theme-color" content={THEME_COLOUR} />
      <link rel="icon" href={BRAND_MARK_DATA_URI} type="image/svg+xml" />
      <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={LOCALES[locale].ogLocale} />
      {languages
        .filter(([lang]) => lang !== locale)
        .map(([lang]) => (
          <meta key={lang} property="og:locale:alternate" content={LOCALES[lang].ogLocale} />
        ))}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(CARD_SIZE.width)} />
      <meta property="og:image:height" content={String(CARD_SIZE.height)} />
      <meta property="og:image:alt" content={card.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={card.alt} />
      {/* The whole sheet, 4 KB compressed: the page paints with the HTML alone, one round trip. */}
      <style data-site-style="" dangerouslySetInnerHTML={{ __html: assets.style }} />
      <noscript>
        <link rel="stylesheet" href="/noscript.css" />
      </noscript>
      <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      {/* Inline, as the sheet is: no request before the first paint, and the islands' gestures are handled as soon as the page is parsed. */}
      <script type="module" dangerouslySetInnerHTML={{ __html: assets.script }} />
      {jsonLd.map((block, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(block) }} />
      ))}
    </head>
  );
}
