import { type ClientBundle, clientContext } from '../engine/index.ts';

type Context = Awaited<ReturnType<typeof clientContext>>;

/**
 * The client bundle, kept in esbuild's incremental context: a save in an island's code redoes
 * only that, and every page then names the new entry script (which makes open pages reload).
 * Made once per change of its sources, whatever number of builds ask for it.
 */
export class ClientBuilds {
  private made: Promise<ClientBundle> | undefined;
  /** The bundle's sources, absolute, as of its last build. */
  private inputs = new Set<string>();

  private constructor(private readonly context: Context) {}

  static async start(): Promise<ClientBuilds> {
    return new ClientBuilds(await clientContext());
  }

  /** For the engine's `client` option. */
  readonly bundle = (): Promise<ClientBundle> => {
    if (this.made) return this.made;
    const made = this.context.rebuild().then((bundle) => {
      this.inputs = bundle.inputs;
      return bundle;
    });
    // A failed bundle is tried again at the next build, not kept.
    made.catch(() => this.made === made && (this.made = undefined));
    return (this.made = made);
  };

  holds(path: string): boolean {
    return this.inputs.has(path);
  }

  /** One of its sources changed: the next build makes it again. */
  invalidate(): void {
    this.made = undefined;
  }

  dispose(): Promise<void> {
    return this.context.dispose();
  }
}
