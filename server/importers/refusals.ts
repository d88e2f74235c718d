// Why a file of another app is refused, in each language the import can be asked in (`?lang=`): the reader names the reason, the route answers it in the user's language.

export type ImportLocale = 'en' | 'pt-BR';

export const REFUSALS = {
  unknown: {
    en: 'This file is not an export Monthbook can read: choose a Monthbook export, a Day One JSON export, a Daylio CSV or backup, a Loop Habit Tracker CSV zip, a jrnl JSON export or an Apple Health export.',
    'pt-BR':
      'Este arquivo não é uma exportação que o Monthbook consiga ler: escolha uma exportação do Monthbook, uma exportação JSON do Day One, um CSV ou backup do Daylio, um zip de CSVs do Loop Habit Tracker, uma exportação JSON do jrnl ou uma exportação do Apple Saúde.',
  },
  mixed: {
    en: 'This zip holds exports of more than one app: import them one at a time.',
    'pt-BR': 'Este zip tem exportações de mais de um app: importe uma de cada vez.',
  },
  notUtf8: {
    en: 'The file is not UTF-8 text.',
    'pt-BR': 'O arquivo não é um texto em UTF-8.',
  },
  notJson: {
    en: 'The file is not valid JSON.',
    'pt-BR': 'O arquivo não é um JSON válido.',
  },
  zipBomb: {
    en: 'The zip file expands to too much data to import.',
    'pt-BR': 'O arquivo zip se expande em dados demais para importar.',
  },
  zipTooManyFiles: {
    en: 'The zip file holds too many files to import.',
    'pt-BR': 'O arquivo zip tem arquivos demais para importar.',
  },
  zipFileTooLarge: {
    en: 'A file inside the zip is too large to import (over 256 MB).',
    'pt-BR': 'Um arquivo dentro do zip é grande demais para importar (mais de 256 MB).',
  },
  textTooLarge: {
    en: 'This file is too large to import (over 256 MB): only a zip or an Apple Health export.xml may be larger.',
    'pt-BR':
      'Este arquivo é grande demais para importar (mais de 256 MB): só um zip ou um export.xml do Apple Saúde pode ser maior.',
  },
  zipUnsafePath: {
    en: 'The zip file holds a path that leaves its folder ("..").',
    'pt-BR': 'O arquivo zip tem um caminho que sai da própria pasta ("..").',
  },
  zipTruncated: {
    en: 'The zip file is damaged or cut short.',
    'pt-BR': 'O arquivo zip está danificado ou incompleto.',
  },
  daylioDamaged: {
    en: 'The Daylio CSV file is damaged or cut short.',
    'pt-BR': 'O arquivo CSV do Daylio está danificado ou incompleto.',
  },
  daylioBackupDamaged: {
    en: 'The Daylio backup is damaged: its backup.daylio file is not the data Daylio writes.',
    'pt-BR':
      'O backup do Daylio está danificado: o arquivo backup.daylio não tem os dados que o Daylio grava.',
  },
  loopNoHabits: {
    en: 'The Loop export has no Habits.csv.',
    'pt-BR': 'A exportação do Loop não tem o Habits.csv.',
  },
  loopHabitsDamaged: {
    en: "The Loop export's Habits.csv is damaged or cut short.",
    'pt-BR': 'O Habits.csv da exportação do Loop está danificado ou incompleto.',
  },
  dayOneNoEntries: {
    en: 'A Day One journal file has no entries list.',
    'pt-BR': 'Um arquivo de diário do Day One não tem a lista de registros.',
  },
  xmlEntities: {
    en: 'The XML file declares entities or fetches a DTD: it is refused.',
    'pt-BR': 'O arquivo XML declara entidades ou busca um DTD: ele é recusado.',
  },
  healthDamaged: {
    en: 'The Apple Health XML file is damaged or cut short.',
    'pt-BR': 'O arquivo XML do Apple Saúde está danificado ou incompleto.',
  },
  notHealth: {
    en: 'This XML file is not an Apple Health export.',
    'pt-BR': 'Este arquivo XML não é uma exportação do Apple Saúde.',
  },
} as const satisfies Record<string, Record<ImportLocale, string>>;

export type Refusal = keyof typeof REFUSALS;
