// A reminder's 'Write today's entry' when no month's calendar month holds today: say so, and offer to create that month.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { journals } from '../../i18n/en/journals';
import { formatIsoDate } from '../../i18n/format';
import { useLocale, useTexts } from '../../i18n/store';
import { CreateMonthModal, loadCreateMonthModal } from '../lazy-modals';
import { useMountedOnce } from '../use-mounted-once';

interface TodayOfferProps {
  /** Today, `YYYY-MM-DD`, where the user is. */
  today: string;
  onDismiss: () => void;
}

export function TodayOffer({ today, onDismiss }: TodayOfferProps) {
  const t = useTexts('journals', journals);
  const locale = useLocale();
  const navigate = useNavigate();
  const [creating, { open, close }] = useDisclosure(false);
  const mounted = useMountedOnce(creating);
  // "November 2026", "Novembro de 2026": a name the month's calendar month is read from.
  const named = formatIsoDate(today, locale, { month: 'long', year: 'numeric' });
  const name = named.charAt(0).toLocaleUpperCase(locale) + named.slice(1);
  const date = formatIsoDate(today, locale, { dateStyle: 'long' });
  return (
    <Alert color="blue" title={t.noMonthForToday(date)} mb="lg" data-today-offer>
      <Text size="sm" mb="sm">
        {t.noMonthForTodayHint}
      </Text>
      <Group gap="sm">
        <Button onClick={open} onPointerEnter={loadCreateMonthModal} onFocus={loadCreateMonthModal}>
          {t.createMonthNamed(name)}
        </Button>
        <Button variant="subtle" onClick={onDismiss}>
          {t.notNow}
        </Button>
      </Group>
      <Suspense fallback={null}>
        {mounted && (
          <CreateMonthModal
            opened={creating}
            onClose={close}
            initialName={name}
            // Once the server has it, today's entry is written there.
            onCreated={(month) =>
              void navigate({
                to: '/months/$monthId/journals',
                params: { monthId: month.id },
                search: { write: 'today' },
              })
            }
          />
        )}
      </Suspense>
    </Alert>
  );
}
