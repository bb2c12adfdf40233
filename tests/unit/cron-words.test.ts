import { describe, expect, it } from 'vitest';
import { cronInWords } from '@/ui/cron';

describe('a custom repetition in words', () => {
  it('reads the scheduler’s six fields in Italian, and in English', () => {
    expect(cronInWords('0 0 8 * * MON-FRI', 'it')).toBe('Alle 08:00, lunedì al venerdì');
    expect(cronInWords('0 30 7 1 * *', 'it')).toBe('Alle 07:30, il giorno 1 del mese');
    expect(cronInWords('0 0 8 * * MON-FRI', 'en')).toBe('At 08:00, Monday through Friday');
  });

  it('shows an expression it cannot read as it is', () => {
    expect(cronInWords('ogni tanto', 'it')).toBe('ogni tanto');
  });
});
