// Apple Health's export.xml, read as a stream with saxes (it runs to gigabytes): steps, distance, energy, flights, exercise, body mass, resting heart rate and sleep become measures with one value a day.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  emptyHistory,
  type History,
  type HistoryMeasure,
  note,
  UnreadableImport,
} from './history.js';

type Locale = 'en' | 'pt-BR';

interface Kind {
  names: Record<Locale, string>;
  /** A count adds up over the day; a reading (body mass, heart rate) keeps the day's last. */
  how: 'sum' | 'last';
  /** The unit shown, when Health's own (`count`) says less. */
  unit?: string;
}

const KINDS: Record<string, Kind> = {
  HKQuantityTypeIdentifierStepCount: {
    names: { en: 'Steps', 'pt-BR': 'Passos' },
    how: 'sum',
    unit: 'steps',
  },
  HKQuantityTypeIdentifierDistanceWalkingRunning: {
    names: { en: 'Walking distance', 'pt-BR': 'Distância a pé' },
    how: 'sum',
  },
  HKQuantityTypeIdentifierActiveEnergyBurned: {
    names: { en: 'Active energy', 'pt-BR': 'Energia ativa' },
    how: 'sum',
  },
  HKQuantityTypeIdentifierFlightsClimbed: {
    names: { en: 'Flights climbed', 'pt-BR': 'Lances de escada' },
    how: 'sum',
    unit: 'flights',
  },
  HKQuantityTypeIdentifierAppleExerciseTime: {
    names: { en: 'Exercise', 'pt-BR': 'Exercício' },
    how: 'sum',
  },
  HKQuantityTypeIdentifierBodyMass: { names: { en: 'Body mass', 'pt-BR': 'Peso' }, how: 'last' },
  HKQuantityTypeIdentifierRestingHeartRate: {
    names: { en: 'Resting heart rate', 'pt-BR': 'Frequência cardíaca em repouso' },
    how: 'last',
    unit: 'bpm',
  },
};
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
const SLEEP_NAMES: Record<Locale, string> = { en: 'Sleep', 'pt-BR': 'Sono' };

/** `2024-01-31 07:12:00 +0100` → an instant, and the day as the device wrote it. */
function healthDate(text: string | undefined): { day: string; at: number } | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`);
  return Number.isNaN(at) ? null : { day: match[1] as string, at };
}

/**
 * Several devices count the same steps (a phone and a watch): a day's total is the largest of
 * the devices' own totals, not their sum, which Health's own app also avoids.
 */
class DailyTotals {
  readonly #bySource = new Map<string, Map<string, number>>();
  add(day: string, source: string, value: number) {
    let sources = this.#bySource.get(day);
    if (!sources) {
      sources = new Map();
      this.#bySource.set(day, sources);
    }
    sources.set(source, (sources.get(source) ?? 0) + value);
  }
  values(): Map<string, number> {
    return new Map(
      [...this.#bySource].map(([day, sources]) => [day, Math.max(...sources.values())]),
    );
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The DOCTYPE may declare elements (Apple's does) but no entity and nothing outside the file. */
function checkDoctype(doctype: string) {
  if (/<!ENTITY|\bSYSTEM\b|\bPUBLIC\b/i.test(doctype)) throw new UnreadableImport('xmlEntities');
}

export interface HealthReader {
  write(chunk: Uint8Array): void;
  close(): History;
}

export function healthReader(locale: Locale): HealthReader {
  const history = emptyHistory('apple-health');
  const totals = new Map<string, { kind: Kind; unit: string; totals: DailyTotals }>();
  const lasts = new Map<
    string,
    { kind: Kind; unit: string; days: Map<string, { at: number; value: number }> }
  >();
  const sleep = new DailyTotals();
  const leftOut = new Set<string>();
  let root: string | undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new SaxesParser({ xmlns: false });
  parser.on('doctype', checkDoctype);
  parser.on('opentag', (tag: SaxesTagPlain) => {
    root ??= tag.name;
    if (tag.name !== 'Record') return;
    const { type = '', value = '', unit = '', sourceName = '' } = tag.attributes;
    if (type === SLEEP) {
      const start = healthDate(tag.attributes.startDate);
      const end = healthDate(tag.attributes.endDate);
      // In bed is not asleep; every "Asleep…" stage is.
      if (
        start &&
        end &&
        value.startsWith('HKCategoryValueSleepAnalysisAsleep') &&
        end.at > start.at
      )
        sleep.add(end.day, sourceName, (end.at - start.at) / 3_600_000);
      return;
    }
    const kind = KINDS[type];
    const number = Number(value);
    const start = healthDate(tag.attributes.startDate);
    if (!kind) {
      if (type.startsWith('HKQuantityTypeIdentifier'))
        leftOut.add(type.slice('HKQuantityTypeIdentifier'.length));
      return;
    }
    if (!start || value === '' || !Number.isFinite(number)) {
      note(history, 'rows_unreadable');
      return;
    }
    if (kind.how === 'sum') {
      let found = totals.get(type);
      if (!found) {
        found = { kind, unit: kind.unit ?? unit, totals: new DailyTotals() };
        totals.set(type, found);
      }
      found.totals.add(start.day, sourceName, number);
    } else {
      let found = lasts.get(type);
      if (!found) {
        found = { kind, unit: kind.unit ?? unit, days: new Map() };
        lasts.set(type, found);
      }
      const before = found.days.get(start.day);
      if (!before || before.at <= start.at)
        found.days.set(start.day, { at: start.at, value: number });
    }
  });
  const fail = (error: unknown): never => {
    if (error instanceof UnreadableImport) throw error;
    throw new UnreadableImport('healthDamaged');
  };
  return {
    write(chunk) {
      try {
        parser.write(decoder.decode(chunk, { stream: true }));
      } catch (error) {
        fail(error);
      }
    },
    close() {
      try {
        parser.write(decoder.decode());
        parser.close();
      } catch (error) {
        fail(error);
      }
      if (root !== 'HealthData') throw new UnreadableImport('notHealth');
      const measures: HistoryMeasure[] = [];
      const unitOf = (unit: string) =>
        unit === '' || unit === 'count' ? {} : { unit: unit.slice(0, 16) };
      for (const [type, { kind, unit, totals: daily }] of totals)
        measures.push({
          name: kind.names[locale],
          key: type,
          ...unitOf(unit),
          values: new Map([...daily.values()].map(([day, value]) => [day, round(value)])),
        });
      for (const [type, { kind, unit, days }] of lasts)
        measures.push({
          name: kind.names[locale],
          key: type,
          ...unitOf(unit),
          values: new Map([...days].map(([day, { value }]) => [day, round(value)])),
        });
      const slept = sleep.values();
      if (slept.size > 0)
        measures.push({
          name: SLEEP_NAMES[locale],
          key: SLEEP,
          unit: 'h',
          values: new Map([...slept].map(([day, hours]) => [day, round(hours)])),
        });
      history.measures.push(...measures);
      for (const type of leftOut) note(history, 'types_left_out', 1, type);
      return history;
    },
  };
}

/** Whether these first bytes of a text file start an Apple Health export. */
export function looksLikeHealthXml(head: string): boolean {
  return /^\uFEFF?\s*<\?xml/.test(head) && /<HealthData[\s>]|<!DOCTYPE HealthData/.test(head);
}
