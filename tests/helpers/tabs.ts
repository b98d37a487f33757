/**
 * Visits `items` with `tabs` visits under way at once: most of a page visit is the browser
 * loading and laying out, so a second tab keeps both cores busy. Order of the results is not kept.
 */
export async function eachInTabs<T>(items: readonly T[], tabs: number, visit: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const tab = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await visit(item);
  };
  await Promise.all(Array.from({ length: tabs }, tab));
}
