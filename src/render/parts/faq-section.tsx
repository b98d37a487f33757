import { Faq } from '../../islands/faq/faq.tsx';
import { Island } from '../island.tsx';
import { Section } from './section.tsx';
import { useSite } from './site-context.tsx';

export function FaqSection({ title, items }: { title: string; items: { question: string; answer: string }[] }) {
  const { site } = useSite();
  const contacts = { phone: site.phone, tel: site.tel, email: site.email };
  return (
    <Section id="faq" title={title} tone="soft">
      <Island name="faq" id="faq" component={Faq} props={{ items, contacts }} />
    </Section>
  );
}
