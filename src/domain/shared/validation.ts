import { isIsoDate } from '../../contract/scalars.js';
import type { ValidationError } from './errors.js';

/** Longest accepted short text (names, titles) and long text (descriptions, summaries). */
export const MAX_TEXT = 255;
export const MAX_LONG_TEXT = 4000;

/**
 * Collects every business-rule failure of one request (A-63: all are reported at once) and offers the
 * checks the areas share. Checks return the cleaned value, or undefined when it failed or was absent.
 */
export class Validator {
  readonly errors: ValidationError[] = [];

  /** Whether no failure was recorded. */
  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** Records a failure. */
  fail(propertyName: string, message: string): void {
    this.errors.push({ propertyName, message });
  }

  /** A required text: trimmed, non-empty, at most `max` characters. */
  requiredText(propertyName: string, value: string | null | undefined, max = MAX_TEXT): string | undefined {
    const text = value?.trim() ?? '';
    if (text === '') {
      this.fail(propertyName, `${propertyName} is required and cannot be empty.`);
      return undefined;
    }
    return this.checkLength(propertyName, text, max);
  }

  /** An optional text: trimmed; empty becomes undefined; at most `max` characters. */
  optionalText(propertyName: string, value: string | null | undefined, max = MAX_TEXT): string | undefined {
    const text = value?.trim() ?? '';
    if (text === '') return undefined;
    return this.checkLength(propertyName, text, max);
  }

  /**
   * A text field of a patch: omitted (undefined) keeps the stored value, so it stays undefined; otherwise
   * as `optionalText`, with empty, null or failed given as null (a failure writes nothing anyway).
   */
  patchedText(
    propertyName: string,
    value: string | null | undefined,
    max = MAX_TEXT,
  ): string | null | undefined {
    return value === undefined ? undefined : (this.optionalText(propertyName, value, max) ?? null);
  }

  /** A reference that must name an existing entity; `exists` is the look-up. */
  reference(
    propertyName: string,
    id: string | null | undefined,
    exists: (id: string) => boolean,
    what: string,
  ): string | undefined {
    if (id === null || id === undefined) return undefined;
    if (!exists(id)) {
      this.fail(propertyName, `No ${what} exists with id "${id}".`);
      return undefined;
    }
    return id;
  }

  /** Every id of a list must name an existing entity; duplicates are dropped. */
  references(
    propertyName: string,
    ids: ReadonlyArray<string | null> | null | undefined,
    exists: (id: string) => boolean,
    what: string,
  ): string[] {
    const out: string[] = [];
    (ids ?? []).forEach((id, i) => {
      if (id === null) return;
      if (!exists(id)) this.fail(`${propertyName}[${i}]`, `No ${what} exists with id "${id}".`);
      else if (!out.includes(id)) out.push(id);
    });
    return out;
  }

  /** A calendar date `YYYY-MM-DD` passed as text. */
  isoDate(propertyName: string, value: string | null | undefined): string | undefined {
    if (value === null || value === undefined) return undefined;
    if (!isIsoDate(value)) {
      this.fail(propertyName, `${propertyName} must be a date in the format YYYY-MM-DD.`);
      return undefined;
    }
    return value;
  }

  /** An integer or number within bounds. */
  range(
    propertyName: string,
    value: number | null | undefined,
    min: number,
    max: number,
  ): number | undefined {
    if (value === null || value === undefined) return undefined;
    if (value < min || value > max) {
      this.fail(propertyName, `${propertyName} must be between ${min} and ${max}.`);
      return undefined;
    }
    return value;
  }

  private checkLength(propertyName: string, text: string, max: number): string | undefined {
    if (text.length > max) {
      this.fail(propertyName, `${propertyName} must be at most ${max} characters long.`);
      return undefined;
    }
    return text;
  }
}
