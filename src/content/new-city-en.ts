import { citySlug } from './city-slug.ts';

/**
 * The English file of a new city (content/en/cities/<slug>.md), written with its French one: the
 * same slug, order and place, and every text a plain English sentence that names the city, to be
 * replaced as the French one is. The services are the English site's, by their English slugs.
 */
type Quote = (text: string) => string;

export function newEnglishCityFile(name: string, { order, geo }: { order: number; geo: { lat: number; lng: number } }): string {
  const q: Quote = (text) => JSON.stringify(text);
  return `${identity(name, q, order, geo)}${servicesAndReasons(name, q)}${expertiseAndFaq(name, q)}${body(name)}`;
}

/** The service areas page's sentence for a new city: the launch checklist knows a city left as written by it. */
export function englishScaffoldSummary(name: string): string {
  return `In ${name}, we remove and prune trees and grind stumps with the same care as in town, from residential lots to large wooded properties.`;
}

function identity(name: string, q: Quote, order: number, geo: { lat: number; lng: number }): string {
  return `---
# City page in English: ${name}. It translates content/cities/${citySlug(name)}.md (same file name):
# keep the slug, order, featured and geo of the French file; write the texts for English readers.
slug: ${citySlug(name)}
name: ${q(name)}
order: ${order}
featured: false
geo: { lat: ${geo.lat}, lng: ${geo.lng} }
summary: ${q(englishScaffoldSummary(name))}
seo:
  title: ${q(`Tree Removal in ${name} | {name}`)}
  description: ${q(`Tree removal, pruning and stump grinding in ${name}: insured crews, 24/7 emergency service, free no-obligation estimate.`)}
heroSubtitle: ${q(`Tree removal, pruning and stump grinding in ${name}, by trained, insured arborists, with a free on-site estimate.`)}
`;
}

function servicesAndReasons(name: string, q: Quote): string {
  return `# The four services, in this order: say what makes each one particular in ${name}.
services:
  - service: tree-removal
    title: ${q(`Tree removal in ${name}`)}
    text: "A dead, diseased or dangerous tree near the house? We take it down whole or in sections, depending on the space, and leave the yard clean."
  - service: tree-pruning
    title: ${q(`Tree pruning in ${name}`)}
    text: "Pruning every 3 to 5 years keeps your trees healthy and clears the roof and the wires. Winter, during dormancy, is often the best time."
  - service: stump-grinding
    title: ${q(`Stump grinding in ${name}`)}
    text: "We grind the stump down to 30 cm below ground, usually in 1 to 3 hours per stump, so you can plant or landscape again."
  - service: emergency-tree-service
    title: "24/7 emergency service"
    text: "A tree down or a branch about to fall? Call us day and night, holidays included: we make the place safe, then clear the tree."
# Four reasons to trust us with your trees in ${name}.
reasons:
  - title: "More than 15 years of experience"
    text: "Our arborists know the region’s tree species and the Outaouais terrain."
  - title: "Fast response"
    text: "After your request, we call you back within 2 to 4 hours on average to set up the estimate."
  - title: "Free estimate"
    text: "We assess the tree on site, with no obligation, and you receive a detailed quote within 24 hours."
  - title: "A clean yard when we leave"
    text: "Branches, wood and debris are picked up; we walk the site with you before leaving."
`;
}

function expertiseAndFaq(name: string, q: Quote): string {
  return `expertise:
  title: ${q(`Our local expertise in ${name}`)}
  text: ${q(`Every property in ${name} has its own trees, access and rules. Before any removal, check with the municipality whether a permit is required.`)}
  points: ["Free on-site assessment", "A method chosen for the space and the access", "Complete cleanup at the end of the job"]
# Five questions people in ${name} ask, with true answers.
faq:
  - question: ${q(`Do I need a permit to remove a tree in ${name}?`)}
    answer: "It depends on the municipality, the tree and where it stands. Check with the municipality before the work: we help you prepare the request."
  - question: "How much does tree removal cost?"
    answer: "Prices start at about $300 for a small tree and can reach several thousand dollars for a very large one. Size, access and nearby wires change the price; the estimate is free."
  - question: "When should trees be pruned?"
    answer: "For most residential trees, every 3 to 5 years, ideally in winter, during dormancy."
  - question: "How long does stump grinding take?"
    answer: "Usually 1 to 3 hours per stump, ground down to 30 cm below ground. Rates go down for several stumps."
  - question: ${q(`Do you handle emergencies in ${name}?`)}
    answer: "Yes, 24 hours a day, 7 days a week. For critical cases, we’re usually on site within about an hour; otherwise, within 24 hours."
`;
}

function body(name: string): string {
  return `---
${name} deserves healthy, safe trees. Describe here, in a few paragraphs, what is particular to ${name}: its neighbourhoods, its tree species, its terrain and the work you often do there.

For a **free estimate**, call us at {phone} or email us at {email}.
`;
}
