import { describe, expect, it } from 'vitest';
import {
  firstNameOf,
  initialsOf,
  kindByForm,
  shortNameOf,
  writtenAsInitials,
} from '../../src/domain/entity-short-forms.js';

describe('short forms of a name', () => {
  it("gives a person's first name", () => {
    expect(firstNameOf('ana costa')).toBe('ana');
    expect(firstNameOf('lisbon')).toBeNull();
  });

  it("gives a body's name without its designator", () => {
    expect(shortNameOf('northwind labs')).toBe('northwind');
    expect(shortNameOf('acme widgets ltd.')).toBe('acme widgets');
    expect(shortNameOf('acme, inc')).toBe('acme');
    expect(shortNameOf('berlin marathon')).toBeNull();
    expect(shortNameOf('labs')).toBeNull();
  });

  it('gives the initials of a name of two to six words, joiners left out', () => {
    expect(initialsOf('royal horticultural society')).toBe('rhs');
    expect(initialsOf('bank of america')).toBe('ba');
    expect(initialsOf('new york city')).toBe('nyc');
    expect(initialsOf('lisbon')).toBeNull();
    expect(initialsOf('the of')).toBeNull();
    expect(initialsOf('a b c d e f g')).toBeNull();
    expect(initialsOf('formula 1')).toBeNull();
  });

  it('tells a mention written as initials: one word of two to six capitals', () => {
    expect(writtenAsInitials('RHS')).toBe(true);
    expect(writtenAsInitials('NYC')).toBe(true);
    expect(writtenAsInitials('rhs')).toBe(false);
    expect(writtenAsInitials('Rhs')).toBe(false);
    expect(writtenAsInitials('R')).toBe(false);
    expect(writtenAsInitials('RHS UK')).toBe(false);
    expect(writtenAsInitials('ABCDEFG')).toBe(false);
  });

  it("tells an organisation or an event by the name's last word", () => {
    expect(kindByForm('northwind labs')).toBe('organisation');
    expect(kindByForm('royal horticultural society')).toBe('organisation');
    expect(kindByForm('acme ltd.')).toBe('organisation');
    expect(kindByForm('berlin marathon')).toBe('event');
    expect(kindByForm('labs')).toBeNull();
    expect(kindByForm('villa rosa')).toBeNull();
  });
});
