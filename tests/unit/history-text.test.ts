import { describe, expect, it } from 'vitest';
import { changeText, valueText, whenText, whoText, type HistoryFormat } from '@/ui/historyText';

/* One reading of every history: names, Italian labels, formatted values; no JSON, ids or ISO dates. */

const format: HistoryFormat = {
  fieldLabel: (f) => ({ status: 'Stato', budget: 'Budget', periodStart: 'Inizio', orderId: 'Ordine', member: 'Membro', illuminated: 'Illuminato' })[f] ?? f,
  codes: { status: (c) => ({ planned: 'Pianificata', running: 'In corso' })[c] ?? c },
  money: ['budget'],
};

describe('history text', () => {
  it('a code by its label, money in euro, a day dd/mm/yyyy, a flag yes/no', () => {
    expect(changeText({ field: 'status', oldValue: 'planned', newValue: 'running' }, format)).toBe('Stato: Pianificata → In corso');
    expect(changeText({ field: 'budget', oldValue: 1000, newValue: 18450.5 }, format).replace(/\s/g, ' ')).toBe('Budget: 1.000,00 € → 18.450,50 €');
    expect(changeText({ field: 'periodStart', oldValue: '2026-03-01', newValue: '2026-04-15' }, format)).toBe('Inizio: 01/03/2026 → 15/04/2026');
    expect(changeText({ field: 'illuminated', oldValue: false, newValue: true }, format)).toBe('Illuminato: No → Sì');
  });

  it("a reference by the service's name or code, never the id; a first value alone; a cleared one as a dash", () => {
    expect(changeText({ field: 'orderId', oldValue: null, newValue: 12, newText: 'ORD-2026-0012' }, format)).toBe('Ordine: ORD-2026-0012');
    expect(changeText({ field: 'member', oldValue: 'sales (ROLE_SALES)', newValue: null, oldText: 'Giulia Bianchi (Commerciale)' }, format)).toBe(
      'Membro: Giulia Bianchi (Commerciale) → —',
    );
  });

  it('no JSON: a person object by name and role, a list joined, a size as width×height', () => {
    expect(valueText('contacts', [{ name: 'Mario Rossi', role: 'Marketing' }, { name: 'Anna Neri' }], format)).toBe('Mario Rossi (Marketing), Anna Neri');
    expect(valueText('sizes', { width: 600, height: 300 }, format)).toBe('600×300');
    expect(valueText('x', [], format)).toBe('—');
  });

  it('who by full name, when as dd/mm/yyyy hh:mm', () => {
    expect(whoText({ username: 'sales', userFullName: 'Giulia Bianchi' })).toBe('Giulia Bianchi');
    expect(whenText('2026-03-02T10:15:00')).toBe('02/03/2026 10:15');
    expect(valueText('updatedAt', '2026-03-02T10:15:00', format)).toBe('02/03/2026 10:15');
  });
});
