export type IslandName = 'faq' | 'mobile-menu' | 'quote-form';
