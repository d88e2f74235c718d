// Small export files of each app, made from their documented formats, for the importers' tests.
import { strToU8, zipSync } from 'fflate';

export const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, data]) => [
        name,
        typeof data === 'string' ? strToU8(data) : data,
      ]),
    ),
  );

export function dayOneJournal(entries: object[]): string {
  return JSON.stringify({ metadata: { version: '1.0' }, entries }, null, 2);
}

export const dayOneEntry = (overrides: object = {}) => ({
  uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  creationDate: '2025-01-31T23:30:00Z',
  timeZone: 'America/Sao_Paulo',
  text: 'Lunch with Ana\\. It rained\\!\n\n![](dayone-moment://ABCDEF0123456789)\n\nWe talked for hours\\.',
  starred: true,
  tags: ['friends', 'food'],
  photos: [{ md5: 'abc', type: 'jpeg', identifier: 'ABCDEF0123456789' }],
  location: { placeName: 'Café Central', localityName: 'Lisbon', country: 'Portugal' },
  ...overrides,
});

export const DAYLIO_9 =
  '\uFEFFfull_date,date,weekday,time,mood,activities,scales,note_title,note\n' +
  '2025-02-03,Feb 3,Monday,9:15 PM,rad,work | gym,,Great day,"Finished the report.<br>Then gym."\n' +
  '2025-02-03,Feb 3,Monday,08:00,meh,,,,Tired\n' +
  '2025-02-04,Feb 4,Tuesday,20:00,super duper,gym,,,\n';

export const DAYLIO_8_PT =
  'full_date,date,weekday,time,mood,activities,note_title,note\n' +
  '2025-03-01,1 de mar.,sábado,21:00,radiante,leitura,,Um bom dia\n' +
  '2025-03-02,2 de mar.,domingo,22:00,horrível,,,\n';

export const JRNL = JSON.stringify({
  tags: { '@work': 1 },
  entries: [
    {
      title: 'Shipped the release.',
      body: 'It went well @work',
      date: '2024-12-31',
      time: '18:05',
      tags: ['@work'],
      starred: true,
    },
    { title: 'New year', body: '', date: '2025-01-01', time: '09:00', tags: [], starred: false },
  ],
});

export const LOOP_HABITS =
  'Position,Name,Question,Description,NumRepetitions,Interval,Color\n' +
  '001,Gym,Did you go?,,3,7,#FF0000\n' +
  '002,Read,,,1,1,#00FF00\n' +
  '003,Water,,,1,1,#0000FF\n';

export const loopZip = () =>
  zip({
    'Habits.csv': LOOP_HABITS,
    '001 Gym/Checkmarks.csv':
      'Date,Value,Notes\n2025-04-02,YES_MANUAL,Legs day\n2025-04-01,SKIP,\n2025-03-31,NO,\n2025-03-30,YES_AUTO,\n',
    '001 Gym/Scores.csv': '2025-04-02,0.5\n',
    '002 Read/Checkmarks.csv': '2025-04-02,2\n2025-04-01,0\n2025-03-31,-1\n',
    '003 Water/Checkmarks.csv': '2025-04-02,2500\n2025-04-01,1750\n',
    'Checkmarks.csv': 'Date,Gym,Read,Water,\n',
    'Scores.csv': 'Date,Gym,Read,Water,\n',
  });

/** Apple's export starts with an internal DTD of elements and attributes only. */
export const healthXml = (
  records: string,
  doctype = '<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Record*)>\n<!ATTLIST HealthData locale CDATA #REQUIRED>\n]>',
) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<HealthData locale="en_US">\n <ExportDate value="2025-05-03 10:00:00 +0100"/>\n${records}\n</HealthData>\n`;

export const record = (
  type: string,
  start: string,
  value: string,
  extra: Record<string, string> = {},
) =>
  ` <Record type="${type}" sourceName="${extra.source ?? 'iPhone'}" unit="${extra.unit ?? 'count'}" startDate="${start}" endDate="${extra.end ?? start}" value="${value}"/>`;

/**
 * The data of a Daylio backup as Daylio writes it: moods the user renamed, each in one of the five
 * mood groups (1 = rad … 5 = awful); activities as tags; entries with a 0-based month, HTML notes,
 * photo asset ids and a favourite flag.
 */
export const daylioBackupData = (entries?: object[]) => ({
  version: 19,
  isReminderOn: false,
  customMoods: [
    { id: 1, custom_name: '', mood_group_id: 1, mood_group_order: 0, predefined_name_id: 1 },
    { id: 3, custom_name: '', mood_group_id: 3, mood_group_order: 0, predefined_name_id: 3 },
    { id: 7, custom_name: 'Sleepy', mood_group_id: 3, mood_group_order: 1, predefined_name_id: -1 },
    {
      id: 9,
      custom_name: 'Furious',
      mood_group_id: 5,
      mood_group_order: 1,
      predefined_name_id: -1,
    },
  ],
  tags: [
    { id: 11, name: 'work', icon: 1, order: 1, state: 0, id_tag_group: 1 },
    { id: 12, name: 'gym', icon: 2, order: 2, state: 0, id_tag_group: 1 },
  ],
  tag_groups: [{ id: 1, name: 'Activities', order: 1, state: 0, is_expanded: true }],
  dayEntries: entries ?? [
    {
      id: 2,
      datetime: 1738614600000,
      year: 2025,
      month: 1,
      day: 3,
      hour: 21,
      minute: 15,
      timeZoneOffset: 0,
      mood: 1,
      tags: [11, 12],
      note_title: 'Great day',
      note: '<div>Finished the <b>report</b> &amp; more.</div><div>Then gym.</div>',
      assets: [31],
      isFavorite: true,
    },
    {
      id: 1,
      datetime: 1738569600000,
      year: 2025,
      month: 1,
      day: 3,
      hour: 8,
      minute: 0,
      mood: 7,
      tags: [],
      note_title: '',
      note: 'Tired',
      assets: [],
    },
    { id: 3, year: 2025, month: 2, day: 1, hour: 7, minute: 5, mood: 9, tags: [12], note: '' },
  ],
  goals: [],
  assets: [{ id: 31, checksum: 'abc', type: 1 }],
  metadata: { number_of_entries: 3, platform: 'android' },
});

/** A `.daylio` backup: a zip with the base64 JSON in `backup.daylio` and photos under `assets/`. */
export const daylioBackup = (data: object = daylioBackupData()) =>
  zip({
    'backup.daylio': Buffer.from(JSON.stringify(data)).toString('base64'),
    'assets/photos/2025/2/abc': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  });
