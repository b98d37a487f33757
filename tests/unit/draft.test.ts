import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEY, isPristine, loadDraft, sanitizeDraft, saveDraft, typedValues } from '../../src/islands/quote-form/draft.ts';
import { INITIAL_VALUES } from '../../src/shared/quote/quote-schema.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('quote draft', () => {
  it('saves typed values and loads them back', () => {
    const storage = memoryStorage();
    saveDraft(storage, { ...INITIAL_VALUES, name: 'Luc', message: 'Souche à enlever' });
    expect(loadDraft(storage)).toEqual({ ...INITIAL_VALUES, name: 'Luc', message: 'Souche à enlever' });
  });

  it('removes the draft when the form is back to its initial values', () => {
    const storage = memoryStorage();
    saveDraft(storage, { ...INITIAL_VALUES, name: 'Luc' });
    saveDraft(storage, INITIAL_VALUES);
    expect(storage.map.has(DRAFT_KEY)).toBe(false);
    expect(isPristine(INITIAL_VALUES)).toBe(true);
  });

  it('ignores corrupt JSON and unknown or non-string fields', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_KEY, '{pas du json');
    expect(loadDraft(storage)).toEqual({});
    expect(sanitizeDraft({ name: 'Ana', phone: 42, admin: true })).toEqual({ name: 'Ana' });
  });

  it('survives a storage that throws (private browsing, full quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadDraft(broken)).toEqual({});
    expect(() => saveDraft(broken, { ...INITIAL_VALUES, name: 'x' })).not.toThrow();
    expect(() => clearDraft(broken)).not.toThrow();
  });

  it('keeps, of the values shown in the form, only those the visitor changed', () => {
    expect(typedValues({ name: 'Luc', phone: '', urgency: 'normal', city: 'hull', website: 'x', message: undefined })).toEqual({ name: 'Luc', city: 'hull' });
    expect(typedValues({ urgency: 'emergency' })).toEqual({ urgency: 'emergency' });
  });
});
