// @vitest-environment node
// Metrics in the reader's language: typed with its decimal mark, shown with Intl.NumberFormat.
import { MESSAGES } from '../../../contract/rules';
import { metricError } from '../../../src/components/journals/journal-form-modal';
import { formatMetric, metricInputValue, parseMetric } from '../../../src/i18n/format';

describe('parseMetric', () => {
  it.each([
    ['7,5', 7.5],
    ['7.5', 7.5],
    ['-3,25', -3.25],
    [',5', 0.5],
    ['1.234', 1234],
    ['1.234,5', 1234.5],
    ['1.234.567,89', 1234567.89],
    [' 42 ', 42],
  ])('reads %j in pt-BR as %d', (text, value) => {
    expect(parseMetric(text, 'pt-BR')).toBe(value);
  });

  it.each([
    ['7.5', 7.5],
    ['1,234.5', 1234.5],
    ['1e3', 1000],
    ['.5', 0.5],
  ])('reads %j in English as %d', (text, value) => {
    expect(parseMetric(text, 'en')).toBe(value);
  });

  it.each([
    ['7,5', 'en'],
    ['12,34', 'en'],
    ['7,5,3', 'pt-BR'],
    ['1.5,2', 'pt-BR'],
    ['0x1f', 'en'],
    ['', 'pt-BR'],
    ['many', 'en'],
  ] as const)('refuses %j in %s', (text, locale) => {
    expect(parseMetric(text, locale)).toBeNaN();
  });
});

describe('metricError', () => {
  it("accepts '7,5' in pt-BR, where English refuses it as not a number", () => {
    expect(metricError('7,5', 'pt-BR')).toBeNull();
    expect(metricError('7,5', 'en')).toBe(MESSAGES.invalidNumber);
  });
});

describe('formatMetric and metricInputValue', () => {
  it('show a metric as each language writes it', () => {
    expect(formatMetric(1234567.89, 'en')).toBe('1,234,567.89');
    expect(formatMetric(1234567.89, 'pt-BR')).toBe('1.234.567,89');
    expect(formatMetric(0.1, 'en')).toBe('0.1');
    expect(metricInputValue(7.5, 'pt-BR')).toBe('7,5');
    expect(metricInputValue(1234.5, 'en')).toBe('1234.5');
  });
});
