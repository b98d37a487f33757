import { Faq } from '../../islands/faq/faq.tsx';
import { Island } from '../../islands/island.tsx';
import { Section } from './section.tsx';

export function FaqSection({ title, items }: { title: string; items: { question: string; answer: string }[] }) {
  return (
    <Section id="faq" title={title} tone="soft">
      <Island name="faq" id="faq" component={Faq} props={{ items }} />
    </Section>
  );
}
