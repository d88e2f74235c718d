// The note's field in the journal modal: Write and Preview tabs, a character counter; the preview
// renders the Markdown on demand.
import '@mantine/core/styles/Tabs.css';
import { Tabs, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../../contract/rules';
import { notesMood } from '../../i18n/en/notes-mood';
import { useTexts } from '../../i18n/store';
import { LazyMarkdown, loadMarkdownNote } from './lazy-markdown';
import './notes.css';

interface NoteFieldProps {
  value: string;
  onChange: (note: string) => void;
}

export function NoteField({ value, onChange }: NoteFieldProps) {
  const t = useTexts('notesMood', notesMood);
  const [tab, setTab] = useState<string | null>('write');
  const countId = useId();
  const atLimit = value.length >= NOTE_MAX_LENGTH;
  return (
    <div>
      <Tabs value={tab} onChange={setTab} variant="outline" keepMounted={false}>
        <Tabs.List aria-label={t.noteTabs}>
          <Tabs.Tab value="write">{t.write}</Tabs.Tab>
          {/* Fetched as the pointer or focus nears the tab, so the preview is there on click. */}
          <Tabs.Tab value="preview" onPointerEnter={loadMarkdownNote} onFocus={loadMarkdownNote}>
            {t.preview}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            label={t.note}
            description={t.noteHint}
            autosize
            minRows={4}
            maxRows={14}
            // The browser stops typing and pasting at the limit, so nothing is refused on Save.
            maxLength={NOTE_MAX_LENGTH}
            aria-describedby={countId}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <div className="mb-note-preview">
            {value.trim() === '' ? (
              <Text size="sm" c="dimmed">
                {t.previewEmpty}
              </Text>
            ) : (
              <LazyMarkdown text={value} />
            )}
          </div>
        </Tabs.Panel>
      </Tabs>
      <Text
        id={countId}
        size="xs"
        ta="right"
        mt={4}
        c={atLimit ? undefined : 'dimmed'}
        fw={atLimit ? 700 : undefined}
      >
        {t.noteCount(value.length, NOTE_MAX_LENGTH)}
        {atLimit ? ` · ${t.limitReached}` : ''}
      </Text>
    </div>
  );
}
