import { describe, expect, it } from 'vitest';
import { fillCity, replaceTokens } from '../../src/content/tokens.ts';

const tokens = { name: 'Arbo Expert Outaouais', phone: '819 555-0142', credential: 'élagueur certifié' };

describe('the tokens inserted in the copy', () => {
  it('elide « de » and « que » before a value that starts with a vowel, in French only', () => {
    const fill = (text: string, french = true) => replaceTokens(text, tokens, [], () => {}, french);
    expect(fill('À propos de {name}')).toBe('À propos d’Arbo Expert Outaouais');
    expect(fill('Le titre de {credential}, plus que {name}.')).toBe('Le titre d’élagueur certifié, plus qu’Arbo Expert Outaouais.');
    expect(fill('De {name} à vous')).toBe('D’Arbo Expert Outaouais à vous');
    expect(fill('Appelez-nous au {phone}, de {phone}')).toBe('Appelez-nous au 819 555-0142, de 819 555-0142');
    // A word that only ends in « de » is not the preposition.
    expect(fill('Tillande {name}')).toBe('Tillande Arbo Expert Outaouais');
    expect(fill('About de {name}', false)).toBe('About de Arbo Expert Outaouais');
  });

  it('elide before a city’s name too, not before Hull’s aspirated h nor a consonant', () => {
    expect(fillCity('Les arbres de {city}', 'Aylmer', true)).toBe('Les arbres d’Aylmer');
    expect(fillCity('Les arbres de {city}', 'Hull', true)).toBe('Les arbres de Hull');
    expect(fillCity('Les arbres de {city}', 'Chelsea', true)).toBe('Les arbres de Chelsea');
    expect(fillCity('Trees of {city}', 'Aylmer')).toBe('Trees of Aylmer');
  });

  it('report an unknown token and keep the ones left for a later pass', () => {
    const unknown: string[] = [];
    expect(replaceTokens('Ville de {city}, {phnoe}', tokens, ['city'], (t) => unknown.push(t), true)).toBe('Ville de {city}, {phnoe}');
    expect(unknown).toEqual(['{phnoe}']);
  });
});
