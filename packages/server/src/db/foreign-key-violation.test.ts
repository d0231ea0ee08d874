import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation } from './foreign-key-violation';
import { isUniqueViolation } from './unique-violation';

describe('isForeignKeyViolation', () => {
  it('recognises each driver’s missing-parent error', () => {
    expect(isForeignKeyViolation({ code: '23503' })).toBe(true);
    expect(isForeignKeyViolation({ code: 'ER_NO_REFERENCED_ROW_2', errno: 1452 })).toBe(true);
    expect(isForeignKeyViolation({ errno: 1216 })).toBe(true);
    expect(isForeignKeyViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(true);
  });

  it('refuses every other fault, unique violations and lost connections included', () => {
    for (const error of [
      { code: '23505' },
      { code: 'ER_DUP_ENTRY', errno: 1062 },
      { code: 'SQLITE_CONSTRAINT_UNIQUE' },
      { code: 'SQLITE_CONSTRAINT_NOTNULL' },
      { code: 'ECONNRESET' },
      { code: '57P01' },
      new Error('boom'),
      null,
      'SQLITE_CONSTRAINT_FOREIGNKEY',
    ]) {
      expect(isForeignKeyViolation(error)).toBe(false);
    }
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(false);
  });
});
