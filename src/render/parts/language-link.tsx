import { baseLang, LOCALES, type Locale, otherLocale } from '../../shared/locales.ts';
import { UI_STRINGS } from '../../shared/ui/strings.ts';

/**
 * The link to this page in the other language: a plain link, so it works without JavaScript,
 * named in the language it leads to (its `lang`) and with that page's language (`hreflang`).
 */
export function LanguageLink({ from, href }: { from: Locale; href: string }) {
  const to = otherLocale(from);
  return (
    <a className="top-bar-link language-link" href={href} lang={baseLang(to)} hrefLang={LOCALES[to].lang}>
      {UI_STRINGS[from].language.label}
    </a>
  );
}
