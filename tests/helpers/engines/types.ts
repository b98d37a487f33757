/**
 * What the islands' behaviour tests do to a page, the same way in every engine. Each engine's
 * client has its own model (Playwright contexts, WebDriver BiDi, classic WebDriver sessions); the
 * tests see only this, so one flow is written once and run in all three.
 */

export const ENGINE_NAMES = ['chromium', 'webkit', 'firefox'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** The keys the flows press; each client names them its own way. */
export type KeyName = 'Enter' | 'Escape' | 'Space' | 'Tab' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export interface PageOptions {
  width: number;
  height: number;
  /** A phone: taps are touch pointers, and the page is told it has a touch screen where the engine can. */
  touch?: boolean;
}

export interface EnginePage {
  /** Navigates and resolves once the load event has fired. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  back(): Promise<void>;
  /** Input events from the engine itself (never element.click()): the islands wake on real pointers. */
  click(selector: string): Promise<void>;
  doubleClick(selector: string): Promise<void>;
  /** A touch pointer (pointerType "touch") pressed and lifted at the element's centre. */
  tap(selector: string): Promise<void>;
  /** Focuses the field and types `text` key by key after emptying it. */
  fill(selector: string, text: string): Promise<void>;
  /** Chooses the <option> with this value, as a visitor's choice would (input and change events). */
  select(selector: string, value: string): Promise<void>;
  /** Presses and releases a key in whatever has the focus. */
  press(key: KeyName): Promise<void>;
  /** Runs `fn` in the page; `fn` is sent as source text, so it must use nothing but its argument. */
  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>>;
  /** The size of the layout viewport the page really got (an engine may refuse a narrow window). */
  viewport(): Promise<{ width: number; height: number }>;
  /** Console errors and warnings and uncaught errors seen so far, or null where the client cannot see them. */
  problems(): string[] | null;
  /** Ends the page and whatever it stored (localStorage included): the next page starts clean. */
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  newPage(options: PageOptions): Promise<EnginePage>;
  close(): Promise<void>;
}
