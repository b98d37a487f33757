import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';
import { useLocale, useSite } from './site-context.tsx';

export function PhoneLink({ className, children }: { className?: string; children?: ReactNode }) {
  const { site } = useSite();
  return (
    <a className={className} href={`tel:${site.tel}`}>
      {children ?? site.phone}
    </a>
  );
}

export function EmailLink({ className }: { className?: string }) {
  const { site } = useSite();
  return (
    <a className={className} href={`mailto:${site.email}`}>
      {site.email}
    </a>
  );
}

/** The big call button used in heroes and call-to-action bands. */
export function CallButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' | 'light' }) {
  const { data, t } = useLocale();
  const { site } = data;
  return (
    <PhoneLink className={`btn btn-${variant}`}>
      <Icon name="telephone" />
      <span>
        {t.cta.call} <span className="phone-number">{site.phone}</span>
      </span>
    </PhoneLink>
  );
}

export function QuoteButton({
  label,
  variant = 'primary',
  href,
}: {
  label?: string;
  variant?: 'primary' | 'secondary' | 'light';
  href?: string;
}) {
  const { t, p } = useLocale();
  return (
    <a className={`btn btn-${variant}`} href={href ?? p.contact}>
      {label ?? t.cta.quote}
    </a>
  );
}
