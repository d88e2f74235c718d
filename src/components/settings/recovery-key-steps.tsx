// The recovery key shown once (its 24 words, to copy or save as a file), then the check that the user kept it: three of its words by position.
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../contract/rules';
import { privateMonths } from '../../i18n/en/private-months';
import { translateMessage, useTexts } from '../../i18n/store';

interface WordsStepProps {
  words: string[];
  onSaveFile: () => void;
  onKept: () => void;
  onCancel: () => void;
}

export function WordsStep({ words, onSaveFile, onKept, onCancel }: WordsStepProps) {
  const t = useTexts('privateMonths', privateMonths);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step before is gone: focus goes to this one's heading, read first by a screen reader.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={3} size="h5" ref={heading} tabIndex={-1}>
        {t.keyTitle}
      </Title>
      <Text size="sm">{t.keyIntro}</Text>
      {/* Two columns fit a phone; more where there is room. Numbered, since the order matters. */}
      <SimpleGrid
        component="ol"
        aria-label={t.wordsLabel}
        cols={{ base: 2, xs: 3, sm: 4 }}
        spacing="xs"
        verticalSpacing={6}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {words.map((word, index) => (
          <Text
            component="li"
            // The words repeat (rarely) but their positions never do.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the word's identity
            key={index}
            size="sm"
            px="xs"
            py={4}
            bg="var(--mantine-color-default-hover)"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text span c="dimmed" size="xs" mr={6}>
              {index + 1}.
            </Text>
            <Text span ff="monospace" fw={500}>
              {word}
            </Text>
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={words.join(' ')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t.copied : t.copyWords}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onSaveFile}>
          {t.saveFile}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t.nothingStoredYet}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button onClick={onKept}>{t.keptIt}</Button>
      </Group>
    </Stack>
  );
}

/** `count` different positions of `total`, counting from 1, in order. */
export function pickPositions(count: number, total: number, random = Math.random): number[] {
  const left = Array.from({ length: total }, (_, index) => index + 1);
  const picked: number[] = [];
  while (picked.length < count && left.length > 0) {
    picked.push(...left.splice(Math.floor(random() * left.length), 1));
  }
  return picked.sort((a, b) => a - b);
}

interface CheckStepProps {
  words: string[];
  positions: number[];
  saving: boolean;
  failure: string | null;
  onChecked: () => void;
  onBack: () => void;
  onCancel: () => void;
}

export function CheckStep({
  words,
  positions,
  saving,
  failure,
  onChecked,
  onBack,
  onCancel,
}: CheckStepProps) {
  const t = useTexts('privateMonths', privateMonths);
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = Object.fromEntries(
      positions.map((position) => {
        const typed = (values[position] ?? '').trim().toLowerCase();
        if (typed === '') return [position, translateMessage(MESSAGES.required)];
        return [position, typed === words[position - 1] ? undefined : t.wrongWord(position)];
      }),
    );
    setErrors(found);
    const wrong = positions.find((position) => found[position]);
    if (wrong !== undefined) {
      form.current?.querySelector<HTMLInputElement>(`[data-position="${wrong}"]`)?.focus();
      return;
    }
    onChecked();
  };

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t.checkTitle}
        </Title>
        <Text size="sm">{t.checkIntro}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {positions.map((position) => (
            <TextInput
              key={position}
              label={t.wordLabel(position)}
              data-position={position}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              required
              value={values[position] ?? ''}
              error={errors[position]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [position]: value }));
                if (errors[position])
                  setErrors((current) => ({ ...current, [position]: undefined }));
              }}
            />
          ))}
        </SimpleGrid>
        {saving && (
          <Text size="sm" role="status">
            {t.saving}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={onBack} disabled={saving}>
            {t.backToWords}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t.cancel}
            </Button>
            {/* Not `loading`, which disables the button: the focused button would drop focus. */}
            <Button
              type="submit"
              aria-disabled={saving || undefined}
              leftSection={saving ? <Loader size={14} color="currentColor" /> : undefined}
            >
              {t.finish}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
